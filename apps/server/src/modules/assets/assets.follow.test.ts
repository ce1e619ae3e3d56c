import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadPack, type PackManifest } from '@dropwise/recognizer'
import { DEFAULT_ASSET_MANIFEST } from '@dropwise/recognizer-pack/assets'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { layOutMirror } from '../../../../../tooling/test-kit/asset-mirror'
import { addFutureEvent, FUTURE } from '../../testing/future-event'
import { RAW_DIR, startSourcesMirror, type SourcesMirror } from '../../testing/game-data-mirror'
import { createTestContext, dbTargets, SHARED_DATA_DIR, type TestContext } from '../../testing/test-app'
import { AssetManifestSchema, type AssetsStatus } from './assets.schema'
import { runBuildInWorker, type BuildRunner } from './build-worker'

const RESOURCES = join(SHARED_DATA_DIR, 'recognition', 'resources')
const TOKEN = 'test-ops-token-0123456789'
const HEAD_DIR = 'MaaAssistantArknights/MaaResource/main/resource/template/items'
const manifest = AssetManifestSchema.parse(JSON.parse(readFileSync(DEFAULT_ASSET_MANIFEST, 'utf8')))

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Issue 36 item 4: a newer snapshot of the real sources (../shared/data/raw with a future event that
 * brings a new item, 30175) in the raw layout on a local HTTP server that also serves the pinned art and
 * MaaResource's templates at its head (the raw folder's `maa/template/items`, plus a made-up template
 * for the new item: a synthetic image, no game art). After the sync the assets status names the new
 * item as unreadable while the old pack serves; the rebuilt pack indexes the new stages and has the
 * item's template, and the status stops listing it. The build runs in its real worker thread.
 * On PGlite only: the pack is built from files, not from the database, and the sync's apply is tested on
 * both databases in game-data.sync.test.ts (the two runs cost 30 s of CI for the same build).
 */
describe.skipIf(!existsSync(RESOURCES)).each(dbTargets().filter((t) => t.name === 'pglite'))('recognition follows the game data on $name', (target) => {
  let mirror: SourcesMirror
  let ctx: TestContext
  let dataDir: string
  /** The build waits for this (re-armed per step), so the test sees the state while the old pack serves. */
  let gate: Promise<void> = Promise.resolve()
  let open = () => {}
  const arm = () => {
    gate = new Promise<void>((r) => (open = r))
  }
  const runBuild: BuildRunner = async (input, onStep, signal) => {
    await gate
    return runBuildInWorker(input, onStep, signal)
  }
  let newTemplate: Buffer

  beforeAll(async () => {
    mirror = await startSourcesMirror()
    await layOutMirror(manifest, RESOURCES, mirror.root)
    // MaaResource's templates at its head: the raw folder's copy (what the sync's sources are a snapshot of).
    await mkdir(join(mirror.root, ...HEAD_DIR.split('/')), { recursive: true })
    for (const name of await readdir(join(RAW_DIR, 'maa', 'template', 'items'))) {
      await copyFile(join(RAW_DIR, 'maa', 'template', 'items', name), join(mirror.root, ...HEAD_DIR.split('/'), name))
    }
    // A made-up 105-px template for the new item (MaaResource's geometry): concentric rings.
    const side = 105
    const px = Buffer.alloc(side * side * 3)
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const r = Math.hypot(x - 52, y - 52)
        px.set([Math.round(127 + 120 * Math.sin(r / 3)), (x * 5) & 255, r < 30 ? 230 : 40], (y * side + x) * 3)
      }
    }
    newTemplate = await sharp(px, { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer()
    dataDir = await mkdtemp(join(tmpdir(), 'dropwise-follow-'))
    arm()
    open()
    ctx = await createTestContext(target, {
      app: { gameData: { baseUrl: mirror.url, opsToken: TOKEN }, assets: { dataDir, baseUrl: mirror.url, runBuild } },
    })
  }, 120_000)
  afterAll(async () => {
    await ctx?.close()
    await mirror?.dispose()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const status = async () => (await ctx.app.inject({ method: 'GET', url: '/api/_/assets' })).json<AssetsStatus>()
  const waitFor = async (ok: (s: AssetsStatus) => boolean, what: string, timeoutMs = 240_000) => {
    const until = Date.now() + timeoutMs
    for (;;) {
      const s = await status()
      if (ok(s)) return s
      if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify({ ...s, unreadable: s.unreadable.map((u) => u.itemId) })}`)
      await sleep(100)
    }
  }
  const packOf = async (s: AssetsStatus) => {
    const url = s.recognizer!.packUrl
    const manifestJson = (await ctx.app.inject({ method: 'GET', url: `${url}pack.json` })).json<PackManifest>()
    const templates = (await ctx.app.inject({ method: 'GET', url: `${url}templates.bin` })).rawPayload
    return loadPack(manifestJson, new Uint8Array(templates))
  }

  it('builds from the current data, taking templates of items no pinned file covers from the head', async () => {
    const s = await waitFor((x) => x.state === 'ready' && !x.updating, 'first build')
    expect(s.reason).toBeNull()
    const pack = await packOf(s)
    // 31073 is open now in the seed, and no pinned file has it: its template came from the head.
    expect(pack.templates.has('31073')).toBe(true)
    expect(s.unreadable.map((u) => u.itemId)).not.toContain('31073')
    // Items MaaResource's snapshot has no template for stay listed, with their names.
    // The seed's open materials MaaResource's snapshot has no template for (CN only).
    expect(s.unreadable.map((u) => `${u.itemId} ${u.servers.join(' ')}`)).toEqual(['31103 CN', '31104 CN', '31113 CN', '31114 CN'])
    for (const u of s.unreadable) expect(existsSync(join(mirror.root, ...HEAD_DIR.split('/'), `${u.itemId}.png`))).toBe(false)
    expect(pack.manifest.stages.CN?.[FUTURE.codes[2]]).toBeUndefined()
  }, 300_000)

  it('after a sync bringing a new item: unreadable while the old pack serves, then read by the rebuilt pack', async () => {
    const before = await status()
    const now = Date.now()
    await addFutureEvent(mirror, now)
    await writeFile(join(mirror.root, ...HEAD_DIR.split('/'), `${FUTURE.newItem}.png`), newTemplate)
    arm()
    const res = await ctx.app.inject({ method: 'POST', url: '/api/_/data/sync', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.json().status).toMatchObject({ outcome: 'applied', version: 2 })

    const waiting = await waitFor((x) => x.unreadable.some((u) => u.itemId === FUTURE.newItem), 'the new item listed')
    expect(waiting).toMatchObject({ state: 'ready', updating: true, recognizer: before.recognizer, itemIcons: before.itemIcons })
    const listed = waiting.unreadable.find((u) => u.itemId === FUTURE.newItem)!
    expect(listed.name_i18n).toMatchObject({ en: 'Crystal Circuit', zh: '晶化回路' })
    expect(listed.servers).toContain('CN')
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/v2/config' })).json<{ assets: { unreadable: { itemId: string }[] } }>()
    expect(config.assets.unreadable.map((u) => u.itemId)).toContain(FUTURE.newItem)
    // The old pack has no entry for the new stage codes: a screenshot of them could not be resolved.
    const old = await packOf(waiting)
    for (const code of FUTURE.codes) expect(old.manifest.stages.CN?.[code]).toBeUndefined()

    open()
    const after = await waitFor((x) => !x.updating && x.recognizer?.packUrl !== before.recognizer?.packUrl, 'the rebuilt pack')
    expect(after).toMatchObject({ state: 'ready', reason: null })
    expect(after.unreadable.map((u) => u.itemId)).not.toContain(FUTURE.newItem)
    expect(after.itemIcons?.sheetUrl).not.toBe(before.itemIcons?.sheetUrl)

    const pack = await packOf(after)
    for (const [i, code] of FUTURE.codes.entries()) {
      expect(pack.manifest.stages.CN?.[code]?.NORMAL).toMatchObject({ stageId: FUTURE.stages[i], existence: true })
    }
    expect(pack.manifest.stages.CN?.[FUTURE.codes[2]]?.NORMAL?.drops).toContain(FUTURE.newItem)
    expect(pack.manifest.stages.CN?.['FE-1']?.NORMAL?.drops).toContain('30012')
    expect(pack.manifest.stages.US?.['FE-1']?.NORMAL).toMatchObject({ stageId: FUTURE.stages[0], openTime: expect.any(Number) })
    expect(pack.templates.has(FUTURE.newItem)).toBe(true)
    const index = (await ctx.app.inject({ method: 'GET', url: after.itemIcons!.indexUrl })).json<{ items: Record<string, unknown> }>()
    expect(index.items[FUTURE.newItem]).toBeDefined()

    // The build stamp records what came from the head, with the SHA-256 of the bytes served.
    const stamp = JSON.parse(readFileSync(join(dataDir, 'assets', 'built', 'stamp.json'), 'utf8')) as { head: { itemId: string; sha256: string }[] }
    expect(stamp.head.find((h) => h.itemId === FUTURE.newItem)?.sha256).toBe(createHash('sha256').update(newTemplate).digest('hex'))
  }, 300_000)
})
