// @vitest-environment node
/**
 * Issue 36 acceptance, "the recognizer accepts it": a real CN screenshot of IC-9 (act20side_09, an event
 * stage closed on CN since its re-run in 2023) read in the built app before and after a game-data sync
 * brings a new event whose first stage has the code IC-9 (as a re-run shares its codes with the event it
 * repeats), open now on CN, dropping what the screenshot shows. Before the sync the recognizer resolves
 * the code to the closed stage; after it, the server rebuilds the recognizer pack from the synced data
 * without a restart, and the same screenshot resolves to the new stage, is submitted and counts.
 * The sources and the recognizer's resources are served from one local mirror in the raw layout (built
 * from ../shared/data at test time, never committed). Skipped when ../shared/data/recognition is absent.
 */
import { copyFile, mkdir, readdir } from 'node:fs/promises'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ASSET_MANIFEST, type AssetManifest } from '@dropwise/recognizer-pack/assets'
import { layOutMirror } from '../../../tooling/test-kit/asset-mirror'
import { addFutureEvent, FUTURE } from '../../server/src/testing/future-event'
import { RAW_DIR, startSourcesMirror, type SourcesMirror } from '../../server/src/testing/game-data-mirror'
import { hasChromium, repoRoot, setUpServerAndBrowser, watch } from './harness'

const shared = join(repoRoot, '../shared/data/recognition')
const resources = join(shared, 'resources')
const present = existsSync(join(shared, 'dev/labels.json')) && existsSync(resources)
const SHOT = 'images/zh_cn/2022-08-14_13-37-42.277_raw.png'
const OLD_STAGE = 'act20side_09'
const TOKEN = 'e2e-ops-token-0123456789'
/** MaaResource's item templates at its head, where the server takes templates no pinned file covers. */
const HEAD_DIR = 'MaaAssistantArknights/MaaResource/main/resource/template/items'

interface AssetsStatus {
  state: string
  updating: boolean
  recognizer: { packUrl: string } | null
}

describe.skipIf(!hasChromium() || !present)('a new event reaches the recognizer', () => {
  let mirror: SourcesMirror
  const env: Record<string, string> = { OPS_TOKEN: TOKEN, DATA_SYNC: 'off', ASSETS: 'on' }
  beforeAll(async () => {
    mirror = await startSourcesMirror()
    await layOutMirror(JSON.parse(readFileSync(DEFAULT_ASSET_MANIFEST, 'utf8')) as AssetManifest, resources, mirror.root)
    await mkdir(join(mirror.root, ...HEAD_DIR.split('/')), { recursive: true })
    for (const name of await readdir(join(RAW_DIR, 'maa', 'template', 'items'))) {
      await copyFile(join(RAW_DIR, 'maa', 'template', 'items', name), join(mirror.root, ...HEAD_DIR.split('/'), name))
    }
    env.ASSETS_BASE_URL = mirror.url
  })
  afterAll(async () => mirror?.dispose())
  const e2e = setUpServerAndBrowser(env)

  const assets = async () => (await (await fetch(`${e2e.server.url}/api/_/assets`)).json()) as AssetsStatus
  const waitForPack = async (ok: (s: AssetsStatus) => boolean, what: string) => {
    const until = Date.now() + 240_000
    for (;;) {
      const s = await assets()
      if (s.state === 'ready' && !s.updating && s.recognizer && ok(s)) return s
      if (Date.now() > until) throw new Error(`${what}: ${JSON.stringify(s)}`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  /** Opens the recognition page, reads the screenshot and returns its result card. */
  const recognise = async (page: Page) => {
    await page.goto(`${e2e.server.url}/report/recognition`)
    await page.getByTestId('recognition-file-input').setInputFiles([{ name: 'ic-9.png', mimeType: 'image/png', buffer: readFileSync(join(shared, 'dev', SHOT)) }])
    await page.getByText('Resources ready', { exact: false }).waitFor({ timeout: 60_000 })
    await page.getByTestId('recognition-start').click()
    const card = page.getByTestId('recognition-result').first()
    await card.waitFor({ timeout: 60_000 })
    await expect.poll(() => card.getAttribute('data-stage'), { timeout: 30_000 }).not.toBeNull()
    return card
  }

  it('reads the screenshot as the new stage once the sync rebuilt the pack, and the report counts', async () => {
    const first = await waitForPack(() => true, 'the first pack')
    const newPage = async () => (await e2e.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })).newPage()
    const earlier = await newPage()
    const problems = watch(earlier)

    // Before: IC-9 is the closed event stage.
    const before = await recognise(earlier)
    expect(await before.getAttribute('data-stage')).toBe(OLD_STAGE)

    // The sources publish the new event (IC-9 dropping the screenshot's material, as the toolbox lists an event's drops: materials only), and the sync applies it.
    await addFutureEvent(mirror, Date.now(), {
      codes: ['IC-9', 'FE-2', 'FE-3'],
      drops: { '30103': { 'IC-9': 1 }, '30012': { 'FE-2': 2 }, '30033': { 'FE-3': 1 } },
    })
    const sync = await fetch(`${e2e.server.url}/api/_/data/sync`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(((await sync.json()) as { status: { outcome: string } }).status.outcome).toBe('applied')
    // The server rebuilds the pack from the synced stages without a restart, and announces the new one.
    await waitForPack((s) => s.recognizer?.packUrl !== first.recognizer?.packUrl, 'the rebuilt pack')

    // After: the same screenshot is the new event's stage, with its drops, and it is submitted (by another
    // player: a second reading in the same browser would be flagged as the same image).
    const page = await newPage()
    const laterProblems = watch(page)
    const after = await recognise(page)
    const exceptions = await after.getByTestId('recognition-exception').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-code')}: ${e.textContent}`))
    expect(exceptions).toEqual([])
    expect(await after.getAttribute('data-stage')).toBe(FUTURE.stages[0])
    expect(await after.getAttribute('data-outcome')).toBe('success')
    const drops = await after.getByTestId('recognition-drop').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-item')}×${e.getAttribute('data-quantity')}`))
    expect(drops).toEqual(['furni×1', '30103×1', 'act20side_token_book×21'])
    await page.getByTestId('recognition-confirm').click()
    const [request, response] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/report/recognition') && r.method() === 'POST'),
      page.waitForResponse((r) => r.url().endsWith('/report/recognition')),
      page.getByTestId('recognition-submit').click(),
    ])
    expect(response.status()).toBe(200)
    // The event's currency is shown but not reported: the site's item list does not track it.
    const sent = (request.postDataJSON() as { batchDrops: { stageId: string; drops: { itemId: string; quantity: number }[] }[] }).batchDrops
    expect(sent.map((b) => [b.stageId, b.drops.map((d) => `${d.itemId}×${d.quantity}`)])).toEqual([[FUTURE.stages[0], ['furni×1', '30103×1']]])
    await page.getByText('All 1 reports were stored.').or(page.getByText('The report was stored.')).first().waitFor({ timeout: 15_000 })

    // Counted for the new stage in the uploader's personal matrix.
    const penguinId = decodeURIComponent((await response.headerValue('x-penguin-set-penguinid')) ?? '')
    expect(penguinId).not.toBe('')
    const times = async () => {
      const res = await fetch(`${e2e.server.url}/api/v2/_private/result/matrix/CN/personal/all`, { headers: { Authorization: `PenguinID ${penguinId}` } })
      const { matrix } = (await res.json()) as { matrix: { stageId: string; itemId: string; times: number }[] }
      return matrix.find((m) => m.stageId === FUTURE.stages[0] && m.itemId === '30103')?.times ?? 0
    }
    await expect.poll(times, { timeout: 30_000, interval: 1000 }).toBe(1)
    expect([...problems, ...laterProblems]).toEqual([])
  }, 300_000)
})
