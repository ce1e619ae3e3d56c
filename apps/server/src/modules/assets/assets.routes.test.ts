import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { brotliDecompressSync } from 'node:zlib'
import { DEFAULT_ASSET_MANIFEST } from '@dropwise/recognizer-pack/assets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, SHARED_DATA_DIR, type TestContext } from '../../testing/test-app'
import { layOutMirror, serveMirror, type MirrorServer } from '../../../../../tooling/test-kit/asset-mirror'
import { UNAVAILABLE_HINT } from './assets.health'
import { AssetManifestSchema, type AssetsStatus } from './assets.schema'

const RESOURCES = join(SHARED_DATA_DIR, 'recognition', 'resources')
const manifest = AssetManifestSchema.parse(JSON.parse(readFileSync(DEFAULT_ASSET_MANIFEST, 'utf8')))
const FILES = manifest.files.length

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** Requests for pinned files (at a commit); this mirror has no branch heads, so MaaResource's templates of items no pinned file covers answer 404. */
const pinnedRequests = (m: MirrorServer) => m.requests.filter((p) => !p.includes('/main/'))
const status = async (ctx: TestContext) => (await ctx.app.inject({ method: 'GET', url: '/api/_/assets' })).json<AssetsStatus>()
const config = async (ctx: TestContext) => (await ctx.app.inject({ method: 'GET', url: '/api/v2/config' })).json<Record<string, unknown>>()
const waitFor = async (ctx: TestContext, states: AssetsStatus['state'][], timeoutMs: number) => {
  const until = Date.now() + timeoutMs
  for (;;) {
    const s = await status(ctx)
    if (states.includes(s.state)) return s
    if (Date.now() > until) throw new Error(`assets still ${s.state} (${s.done}/${s.total}, ${s.reason}) after ${timeoutMs} ms`)
    await sleep(100)
  }
}
/** Width and height of a WebP with a VP8X header (the sheet has alpha, so it has one). */
const webpSize = (b: Buffer) => {
  expect(b.subarray(0, 4).toString('latin1') + b.subarray(8, 16).toString('latin1')).toBe('RIFFWEBPVP8X')
  return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) }
}
/** A port nothing listens on (taken and released). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

describe.skipIf(!existsSync(RESOURCES))('game art and recognizer resources through the app', () => {
  const dirs: string[] = []
  const tmp = (name: string) => {
    const d = mkdtempSync(join(tmpdir(), `dropwise-${name}-`))
    dirs.push(d)
    return d
  }
  let mirrorDir: string
  let mirror: MirrorServer
  beforeAll(async () => {
    mirrorDir = await layOutMirror(manifest, RESOURCES, tmp('mirror'))
    mirror = await serveMirror(mirrorDir)
  })
  afterAll(async () => {
    await mirror?.close()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  it('fetches, verifies and builds in the background, then serves and announces the pack and the icon sheet; a second start reuses the cache', async () => {
    const dataDir = tmp('data')
    const ctx = await createTestContext({ name: 'pglite' }, { app: { assets: { dataDir, baseUrl: mirror.url } } })
    try {
      // The API answers while the assets are fetched and built: request latency and event-loop delay
      // are measured for as long as the build runs (it is in a worker thread).
      const loop = monitorEventLoopDelay({ resolution: 10 })
      loop.enable()
      const latencies: number[] = []
      const started = performance.now()
      let last = await status(ctx)
      expect(last.state).toBe('fetching')
      while (last.state === 'fetching') {
        const t = performance.now()
        expect((await ctx.app.inject({ method: 'GET', url: '/api/_/health' })).statusCode).toBe(200)
        expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/items' })).statusCode).toBe(200)
        latencies.push(performance.now() - t)
        last = await status(ctx)
        if (performance.now() - started > 150_000) throw new Error('not ready after 150 s')
        await sleep(50)
      }
      loop.disable()
      latencies.sort((a, b) => a - b)
      const p50 = latencies[Math.floor(latencies.length / 2)]!
      const max = latencies.at(-1)!
      console.log(
        `assets ready after ${((performance.now() - started) / 1000).toFixed(1)} s; ${latencies.length} request pairs meanwhile: p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms; event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
      )
      expect(last).toMatchObject({ state: 'ready', done: FILES + 2, total: FILES + 2, reason: null })
      expect(p50).toBeLessThan(50)
      expect(loop.percentile(99) / 1e6).toBeLessThan(250)

      const { recognizer, itemIcons } = last
      expect(recognizer?.packUrl).toMatch(/^\/assets\/recognizer-pack\/[0-9a-f]{16}\/$/)
      expect(itemIcons?.sheetUrl).toMatch(/^\/assets\/icons\/items\.[0-9a-f]{16}\.webp$/)
      expect(await config(ctx)).toMatchObject({
        recognizer: { packUrl: recognizer!.packUrl },
        itemIcons: { sheetUrl: itemIcons!.sheetUrl, indexUrl: itemIcons!.indexUrl },
        assets: { state: 'ready', done: FILES + 2, total: FILES + 2, reason: null },
      })

      const pack = await ctx.app.inject({ method: 'GET', url: `${recognizer!.packUrl}pack.json`, headers: { 'accept-encoding': 'br' } })
      expect(pack.statusCode).toBe(200)
      expect(pack.headers['content-encoding']).toBe('br')
      expect(pack.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const packJson = JSON.parse(brotliDecompressSync(pack.rawPayload).toString('utf8')) as { format: string; templateSize: number; items: unknown[] }
      expect(packJson).toMatchObject({ format: 'dropwise-recognizer-pack', templateSize: 48 })
      expect(packJson.items.length).toBeGreaterThan(150)
      const templates = await ctx.app.inject({ method: 'GET', url: `${recognizer!.packUrl}templates.bin` })
      expect(templates.rawPayload.length).toBe(packJson.items.length * 48 * 48 * 3)

      const index = (await ctx.app.inject({ method: 'GET', url: itemIcons!.indexUrl })).json<{
        size: number
        cols: number
        rows: number
        items: Record<string, [number, number]>
      }>()
      expect(index.size).toBe(96)
      expect(Object.keys(index.items)).toEqual(expect.arrayContaining(['2001', '31063', 'act24side_melding_1', 'act20side_token_book']))
      expect(Object.keys(index.items).length).toBe(161)
      for (const [col, row] of Object.values(index.items)) expect(col < index.cols && row < index.rows).toBe(true)
      const sheet = await ctx.app.inject({ method: 'GET', url: itemIcons!.sheetUrl })
      expect(sheet.statusCode).toBe(200)
      expect(sheet.headers['content-type']).toBe('image/webp')
      expect(webpSize(sheet.rawPayload)).toEqual({ width: index.cols * index.size, height: index.rows * index.size })
      // The web app's own build output stays under /assets/ too: only these two folders are ours.
      expect((await ctx.app.inject({ method: 'GET', url: '/assets/recognizer-pack/../stamp.json' })).statusCode).toBe(404)
      expect(pinnedRequests(mirror).length).toBe(FILES)
    } finally {
      await ctx.close()
    }

    const before = pinnedRequests(mirror).length
    const again = await createTestContext({ name: 'pglite' }, { app: { assets: { dataDir, baseUrl: mirror.url } } })
    try {
      const s = await waitFor(again, ['ready', 'unavailable'], 5_000)
      expect(s.state).toBe('ready')
      expect(pinnedRequests(mirror).length).toBe(before)
    } finally {
      await again.close()
    }
  }, 240_000)

  it('offline: healthy at once, unavailable with a reason, then ready without a restart once the mirror is reachable', async () => {
    const port = await closedPort()
    const baseUrl = `http://127.0.0.1:${port}`
    const ctx = await createTestContext({ name: 'pglite' }, { app: { assets: { dataDir: tmp('offline'), baseUrl } } })
    let late: MirrorServer | null = null
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/_/health' })).statusCode).toBe(200)
      const down = await waitFor(ctx, ['unavailable'], 5_000)
      expect(down).toMatchObject({ recognizer: null, itemIcons: null })
      expect(down.reason).toMatch(new RegExp(`^could not reach ${baseUrl}/[^ ]+: ECONNREFUSED; retrying in 5 s$`))
      // Operators read why, and what to change, in /api/_/health (players' pages say only "not ready yet").
      const health = await ctx.app.inject({ method: 'GET', url: '/api/_/health' })
      expect(health.statusCode).toBe(200)
      expect(health.json()).toMatchObject({ status: 'ok', assets: { state: 'unavailable', recognizer: false, reason: down.reason, hint: UNAVAILABLE_HINT } })
      const cfg = await config(ctx)
      expect(cfg).toMatchObject({ recognizer: { packUrl: null }, assets: { state: 'unavailable', reason: down.reason } })
      expect(cfg.itemIcons).toBeUndefined()

      late = await serveMirror(mirrorDir, port)
      // POST retry starts an attempt at once unless the last one is under 5 s old (then it only answers the state).
      const until = Date.now() + 15_000
      for (;;) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/_/assets/retry' })
        expect(res.statusCode).toBe(202)
        expect(res.headers['cache-control']).toContain('no-store')
        if (res.json<AssetsStatus>().state !== 'unavailable') break
        if (Date.now() > until) throw new Error('retry never started')
        await sleep(500)
      }
      const ready = await waitFor(ctx, ['ready'], 150_000)
      expect(ready.reason).toBeNull()
      expect((await config(ctx)).itemIcons).toEqual(ready.itemIcons)
      expect(pinnedRequests(late).length).toBe(FILES)
    } finally {
      await ctx.close()
      await late?.close()
    }
  }, 240_000)

  it('ASSETS=off: state off, nothing fetched, /config says so', async () => {
    const dataDir = tmp('off')
    const ctx = await createTestContext({ name: 'pglite' }, { app: { assets: { enabled: false, dataDir, baseUrl: mirror.url } } })
    try {
      const before = mirror.requests.length
      expect(await status(ctx)).toEqual({ state: 'off', done: 0, total: 0, reason: null, recognizer: null, itemIcons: null, unreadable: [], updating: false })
      expect((await ctx.app.inject({ method: 'POST', url: '/api/_/assets/retry' })).json()).toMatchObject({ state: 'off' })
      expect(await config(ctx)).toMatchObject({ recognizer: { packUrl: null }, assets: { state: 'off' } })
      expect(mirror.requests.length).toBe(before)
      expect(existsSync(join(dataDir, 'assets'))).toBe(false)
    } finally {
      await ctx.close()
    }
  }, 120_000)
})
