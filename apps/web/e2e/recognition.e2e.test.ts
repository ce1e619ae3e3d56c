// @vitest-environment node
/**
 * Screenshot recognition in the built app (issue #8 §3, §5; issue #16): no pre-built pack — the server
 * downloads the pinned resources from a local mirror laid out like the public repositories (built from
 * ../shared/data/recognition in a temporary folder, never committed; `ASSETS_BASE_URL`), builds its pack and
 * announces it; three dev screenshots of three stages plus a duplicate and a text file are
 * selected, recognised in the worker, confirmed and submitted; the reports then show up in the
 * uploader's personal matrix. A second server without a pack (and with ASSETS=off) shows the "not available" message.
 * Skipped when ../shared/data/recognition is absent (a fresh clone).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ASSET_MANIFEST, type AssetManifest } from '@dropwise/recognizer-pack/assets'
// The test kit's asset mirror, shared with the server's asset tests (a folder and a tiny HTTP server on 127.0.0.1).
import { layOutMirror, serveMirror, type MirrorServer } from '../../../tooling/test-kit/asset-mirror'
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureWebBuild, hasChromium, repoRoot, type RunningServer, settle, startServer, watch } from './harness'
import { seriousFindings } from './axe'

const shared = join(repoRoot, '../shared/data/recognition')
const resources = join(shared, 'resources')
const present = existsSync(join(shared, 'dev/labels.json')) && existsSync(resources)
if (!present) console.warn(`e2e: recognition journey skipped, ${shared} is absent`)

/** Three clean CN results of three stages (checked against the labels below). */
const SHOTS = [
  { file: 'images/zh_cn/2023-09-11_13-11-07-145_raw.png', stageId: 'main_01-07' },
  { file: 'images/zh_cn/2022-07-25_00-25-57.045_raw.png', stageId: 'main_10-02' },
  { file: 'images/zh_cn/2022-07-25_00-25-56.187_raw.png', stageId: 'tough_10-02' },
] as const

/** A failed (not 3-star) run: an error card, the case for defect feedback. */
const REJECTED = 'images/zh_cn/MuMu12-20231102-205401.png'

/** Serious or critical axe-core violations inside the recognition page. */
const axeViolations = (page: Page) => seriousFindings(page, { within: '[data-testid="recognition-page"]' })

interface Truth {
  stageId: string
  drops: { dropType: string; itemId: string; quantity: number }[]
}

describe.skipIf(!hasChromium() || !present)('screenshot recognition in Chromium', () => {
  let mirrorDir: string
  let mirror: MirrorServer
  let withPack: RunningServer
  let withoutPack: RunningServer
  let browser: Browser
  const contexts: BrowserContext[] = []
  const truth = new Map<string, Truth>()

  const newPage = async (): Promise<Page> => {
    const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
    contexts.push(ctx)
    return ctx.newPage()
  }

  beforeAll(async () => {
    const labels = JSON.parse(readFileSync(join(shared, 'dev/labels.json'), 'utf8')) as { images: { file: string; truth: Truth }[] }
    for (const im of labels.images) truth.set(im.file, im.truth)
    mirrorDir = await layOutMirror(JSON.parse(readFileSync(DEFAULT_ASSET_MANIFEST, 'utf8')) as AssetManifest, resources)
    mirror = await serveMirror(mirrorDir)
    ensureWebBuild((s) => console.log(s))
    const { chromium } = await import('playwright-core')
    // One server at a time: each seeds its own database, and the machine may be busy.
    // ASSETS=off: the servers download no game resources in the background (assets.e2e.test.ts plays those states).
    withPack = await startServer({ ASSETS: 'on', ASSETS_BASE_URL: mirror.url })
    // Fetched, verified and built in the background while the server already answers.
    const started = Date.now()
    for (;;) {
      const state = (await (await fetch(`${withPack.url}/api/_/assets`)).json()) as { state: string; reason: string | null }
      if (state.state === 'ready') break
      if (Date.now() - started > 240_000) throw new Error(`assets not ready: ${JSON.stringify(state)}`)
      await new Promise((r) => setTimeout(r, 500))
    }
    console.log(`e2e: assets ready ${Date.now() - started} ms after the server answered (${mirror.requests.length} requests to the mirror)`)
    withoutPack = await startServer({ ASSETS: 'off' })
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  }, 600_000)

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await browser?.close().catch(() => undefined)
    await Promise.all([withPack?.stop(), withoutPack?.stop(), mirror?.close()])
    if (mirrorDir) rmSync(mirrorDir, { recursive: true, force: true })
  })

  it('recognises, flags the duplicate, submits the confirmed results, and the reports arrive', async () => {
    const page = await newPage()
    const problems = watch(page)
    const workers: string[] = []
    const packRequests: string[] = []
    page.on('worker', (w) => workers.push(w.url()))
    page.on('request', (r) => {
      if (r.url().includes('/recognizer-pack/')) packRequests.push(r.url())
    })
    // Other pages load neither the worker nor the pack.
    await page.goto(withPack.url)
    await settle(page)
    expect(workers.filter((u) => u.includes('recognizer'))).toEqual([])
    expect(packRequests).toEqual([])

    await page.goto(`${withPack.url}/report/recognition`)
    await page.getByTestId('recognition-file-input').waitFor({ state: 'attached' })
    // Opening the page costs nothing yet: the worker and the 2 MB pack wait for a selection.
    await settle(page)
    expect(workers.filter((u) => u.includes('recognizer'))).toEqual([])
    expect(packRequests).toEqual([])

    const buffers = SHOTS.map((s) => readFileSync(join(shared, 'dev', s.file)))
    await page
      .getByTestId('recognition-file-input')
      .setInputFiles([
        ...SHOTS.map((s, i) => ({ name: s.file.split('/').pop()!, mimeType: 'image/png', buffer: buffers[i]! })),
        { name: 'copy-of-first.png', mimeType: 'image/png', buffer: buffers[0]! },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a screenshot') },
      ])
    // The text file is refused with its reason; four images are taken.
    await expect.poll(() => page.getByTestId('recognition-refused').innerText()).toContain('notes.txt: not an image file')
    await page.getByText('Resources ready', { exact: false }).waitFor({ timeout: 60_000 })
    await page.getByTestId('recognition-start').click()

    const cards = page.getByTestId('recognition-result')
    await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(4)
    await expect.poll(() => page.getByTestId('recognition-stepper').getAttribute('data-step'), { timeout: 30_000 }).toBe('2')

    // Each screenshot's stage and drops as labelled, with the detected areas drawn over it.
    for (const shot of SHOTS) {
      const card = page.locator(`[data-testid="recognition-result"][data-stage="${shot.stageId}"]`).first()
      expect(await card.getAttribute('data-outcome')).toBe('success')
      const drops = await card.getByTestId('recognition-drop').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-item')}×${e.getAttribute('data-quantity')}`))
      const expected = truth.get(shot.file)!.drops.map((d) => `${d.itemId}×${d.quantity}`)
      expect(drops).toEqual(expected)
      expect(await card.getByTestId('evidence-overlay').locator('rect[data-kind="item"]').count()).toBe(expected.length)
      expect(await card.getByRole('checkbox').isChecked()).toBe(true)
    }
    // The copy is an error (same fingerprint) and cannot be selected.
    const copy = page.locator('[data-testid="recognition-result"][data-outcome="error"]')
    expect(await copy.count()).toBe(1)
    expect(await copy.getByTestId('recognition-exception').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toContain('Fingerprint::Same')
    // The player reads a sentence in the page's language, never the code (issue 38).
    const sameText = (await copy.getByTestId('recognition-exception').allInnerTexts()).join('\n')
    expect(sameText).toContain('Duplicate image')
    expect(sameText).not.toContain('::')
    expect(await copy.getByRole('checkbox').isDisabled()).toBe(true)
    await expect.poll(() => page.getByTestId('recognition-overview').innerText()).toMatch(/Images\s+4[\s\S]*Success\s+3[\s\S]*Error\s+1/)
    // The work ran in the module worker, on the pack the server built from the downloaded resources.
    expect(workers.filter((u) => u.includes('recognizer.worker'))).toHaveLength(1)
    expect(packRequests.map((u) => new URL(u).pathname.replace(/\/[0-9a-f]{16}\//, '/<key>/')).sort()).toEqual([
      '/assets/recognizer-pack/<key>/pack.json',
      '/assets/recognizer-pack/<key>/templates.bin',
    ])
    expect(await axeViolations(page)).toEqual([])

    // The server selector is locked while the session runs: a 10 s info message says so.
    await page.getByTestId('server-selector').click()
    await page.getByTestId('server-US').click()
    await page.getByText('The server cannot be changed while screenshot recognition is running.').waitFor()
    expect(await page.getByTestId('server-selector').innerText()).toContain('CN')

    // Confirm, then submit: one chunk with the three results.
    await page.getByTestId('recognition-confirm').click()
    expect(await page.getByTestId('recognition-summary').innerText()).toMatch(/1-7[\s\S]*10-3/)
    const [request, response] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/report/recognition') && r.method() === 'POST'),
      page.waitForResponse((r) => r.url().endsWith('/report/recognition')),
      page.getByTestId('recognition-submit').click(),
    ])
    expect(response.status()).toBe(200)
    const body = request.postDataJSON() as { server: string; batchDrops: { stageId: string; drops: { itemId: string; quantity: number }[] }[] }
    expect(body.server).toBe('CN')
    expect(body.batchDrops.map((b) => b.stageId).sort()).toEqual(SHOTS.map((s) => s.stageId).sort())
    await page.getByText('All 3 reports were stored.').waitFor()
    // The summary still says what was sent (the stored screenshots are no longer selectable): three clears, not 0.
    await page.getByRole('heading', { name: 'What was reported' }).waitFor()
    expect(await page.getByTestId('recognition-summary').innerText()).toMatch(/1-7[\s\S]*10-3[\s\S]*Total\s+3/)

    // The reports reach the uploader's personal matrix (verified and aggregated in the background).
    const penguinId = decodeURIComponent((await response.headerValue('x-penguin-set-penguinid')) ?? '')
    expect(penguinId).not.toBe('')
    const times = async () => {
      const res = await fetch(`${withPack.url}/api/v2/_private/result/matrix/CN/personal/all`, { headers: { Authorization: `PenguinID ${penguinId}` } })
      const { matrix } = (await res.json()) as { matrix: { stageId: string; itemId: string; times: number; quantity: number }[] }
      return SHOTS.map((s) => Math.max(0, ...matrix.filter((m) => m.stageId === s.stageId).map((m) => m.times)))
    }
    await expect.poll(times, { timeout: 30_000, interval: 1000 }).toEqual([1, 1, 1])

    // The whole upload is recalled at once (after a confirmation) and leaves the personal matrix.
    await page.getByTestId('recognition-recall').click()
    const question = page.getByRole('dialog', { name: 'Recall the reports of this upload?' })
    await question.getByRole('button', { name: 'Recall' }).click()
    await page.getByText('Recalled 3 reports. They no longer count.').waitFor()
    await expect.poll(times, { timeout: 30_000, interval: 1000 }).toEqual([0, 0, 0])

    // The upload made the visitor a known user: a failed run can now go to the team as defect feedback.
    await page.getByRole('button', { name: 'Recognize more screenshots' }).click()
    await page
      .getByTestId('recognition-file-input')
      .setInputFiles([{ name: 'failed-run.png', mimeType: 'image/png', buffer: readFileSync(join(shared, 'dev', REJECTED)) }])
    await page.getByTestId('recognition-start').click()
    const failed = page.locator('[data-testid="recognition-result"][data-outcome="error"]')
    await failed.waitFor({ timeout: 60_000 })
    expect(await failed.getByTestId('recognition-exception').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toContain('3stars::False')
    await failed.getByRole('button', { name: 'Report a recognition problem' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report a recognition problem' })
    await dialog.waitFor()
    const [init, upload] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/recognition/defects/report/init')),
      page.waitForResponse((r) => r.url().includes('/recognition/defects/report/upload/')),
      dialog.getByRole('button', { name: 'Send' }).click(),
    ])
    expect(init.status()).toBe(200)
    expect((init.request().postDataJSON() as { environment: { server: string } }).environment.server).toBe('CN')
    expect(upload.status()).toBe(200)
    expect(upload.request().headers()['content-type']).toBe('image/png')
    await page.getByText('Thank you: the problem report was sent.').waitFor()

    await settle(page)
    expect(problems).toEqual([])
  }, 240_000)

  it('says recognition is not available when the server has no pack', async () => {
    const page = await newPage()
    const problems = watch(page)
    const workers: string[] = []
    page.on('worker', (w) => workers.push(w.url()))
    await page.goto(`${withoutPack.url}/report/recognition`)
    const alert = page.getByTestId('recognition-unavailable')
    await alert.waitFor({ timeout: 30_000 })
    // In the player's words: no environment variable names (those are in the server's log and health).
    const text = await alert.innerText()
    expect(text).toMatch(/^Screenshot recognition is not offered on this site\s+Report your drops by hand instead/)
    expect(text).not.toMatch(/RECOGNIZER_PACK|ASSETS|README/)
    expect(await page.getByTestId('recognition-file-input').count()).toBe(0)
    // No worker is started.
    await settle(page)
    expect(workers.filter((u) => u.includes('recognizer'))).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  }, 60_000)
})
