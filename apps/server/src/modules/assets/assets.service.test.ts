import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { AssetFile, AssetManifest } from '@dropwise/recognizer-pack/assets'
import { afterAll, describe, expect, it } from 'vitest'
import type { BuildInput, BuildOutput } from './assets.build'
import { assetKey, createAssetsRepository } from './assets.repository'
import { createAssetsService, type AssetsServiceDeps } from './assets.service'
import type { BuildRunner } from './build-worker'

const root = mkdtempSync(join(tmpdir(), 'dropwise-assets-service-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const BASE = 'http://mirror.test'
const COMMIT = 'c'.repeat(40)
const bytes = (s: string) => new TextEncoder().encode(s)
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const CONTENT: Record<string, Uint8Array> = { 'icons.zip': bytes('zip bytes'), 'hash_index.json': bytes('{"result":{}}'), '9001.png': bytes('png bytes') }
const ROLES: Record<string, AssetFile['role']> = { 'icons.zip': 'item-icons-zip', 'hash_index.json': 'glyphs', '9001.png': 'item-icon' }
const files: AssetFile[] = Object.entries(CONTENT).map(([name, b]) => ({
  repo: 'owner/repo',
  commit: COMMIT,
  path: `res/${name}`,
  sha256: sha256(b),
  bytes: b.length,
  role: ROLES[name]!,
}))
const manifest: AssetManifest = { format: 'dropwise-assets', version: 1, files }
const manifestPath = join(root, 'manifest.json')
writeFileSync(manifestPath, JSON.stringify(manifest))
const seedDir = join(root, 'seed')
mkdirSync(seedDir)

/** A mirror answering from CONTENT (or `served`), counting requests; `down` = connection refused. */
const fakeNetwork = (served: Record<string, Uint8Array> = CONTENT) => {
  const net = { down: false, requests: [] as string[] }
  const fetch = (async (url: string | URL) => {
    net.requests.push(String(url))
    if (net.down) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })
    const name = String(url).split('/').pop()!
    const body = served[name]
    return body ? new Response(body) : new Response('not found', { status: 404 })
  }) as typeof globalThis.fetch
  return { net, fetch }
}

/** Writes small stand-ins for the outputs, reporting both steps, like the worker does. */
const fakeBuild = () => {
  const calls: BuildInput[] = []
  const run: BuildRunner = async (input, onStep) => {
    calls.push(input)
    const out: BuildOutput = {
      packDir: `recognizer-pack/${input.key}`,
      sheet: `icons/items.${input.key}.webp`,
      index: `icons/items.${input.key}.json`,
      templates: 1,
      icons: 2,
      files: [],
    }
    for (const path of [`${out.packDir}/pack.json`, out.sheet, out.index]) {
      mkdirSync(dirname(join(input.builtDir, path)), { recursive: true })
      writeFileSync(join(input.builtDir, path), 'x')
      out.files.push({ path, bytes: 1 })
      if (path === out.sheet) onStep('pack')
    }
    onStep('sheet')
    return out
  }
  return { calls, run }
}

let n = 0
const setup = (over: Partial<AssetsServiceDeps> & { cacheDir?: string; sourceDir?: string } = {}) => {
  const cacheDir = over.cacheDir ?? join(root, `cache-${++n}`)
  const network = fakeNetwork()
  const build = fakeBuild()
  const logs: string[] = []
  const clock = { now: 1_000_000 }
  const service = createAssetsService({
    enabled: true,
    repository: createAssetsRepository({ cacheDir, sourceDir: over.sourceDir }),
    manifestPath,
    baseUrl: BASE,
    localOnly: over.sourceDir !== undefined,
    seedDir,
    operatorPackUrl: null,
    fetch: network.fetch,
    runBuild: build.run,
    clock: () => clock.now,
    log: { info: (m) => logs.push(m), warn: (m) => logs.push(m) },
    minRetryIntervalMs: 0,
    ...over,
  })
  return { service, network, build, logs, clock, cacheDir }
}

describe('assets service', () => {
  it('downloads every pinned file once, builds, and announces the built URLs', async () => {
    const { service, network, build, logs } = setup()
    expect(service.status()).toMatchObject({ state: 'fetching', done: 0, recognizer: null, itemIcons: null })
    service.start()
    await service.settled()
    const s = service.status()
    expect(s).toMatchObject({ state: 'ready', done: 5, total: 5, reason: null })
    const key = build.calls[0]!.key
    expect(s.recognizer).toEqual({ packUrl: `/assets/recognizer-pack/${key}/` })
    expect(s.itemIcons).toEqual({ sheetUrl: `/assets/icons/items.${key}.webp`, indexUrl: `/assets/icons/items.${key}.json` })
    expect(network.net.requests.sort()).toEqual(files.map((f) => `${BASE}/${assetKey(f)}`).sort())
    expect(build.calls[0]).toMatchObject({ iconFiles: [expect.stringMatching(/9001\.png$/)], zip: expect.stringMatching(/icons\.zip$/) })
    expect(service.configExtras()).toEqual({
      recognizer: s.recognizer,
      itemIcons: s.itemIcons,
      assets: { state: 'ready', done: 5, total: 5, reason: null },
    })
    expect(logs).toEqual(['assets fetching 0/5', expect.stringMatching(/^assets ready in \d+\.\d s \(0\.00 MB fetched, 1 templates, 2 icons\)$/)])
  })

  it('is ready at once from the cache on a later start: no request, no build', async () => {
    const first = setup()
    first.service.start()
    await first.service.settled()
    const again = setup({ cacheDir: first.cacheDir })
    again.service.start()
    await again.service.settled()
    expect(again.service.status()).toEqual(first.service.status())
    expect(again.network.net.requests).toEqual([])
    expect(again.build.calls).toEqual([])
  })

  it('verifies cached files before building again: only a missing or tampered one is downloaded', async () => {
    const first = setup()
    first.service.start()
    await first.service.settled()
    rmSync(join(first.cacheDir, 'built', 'stamp.json'))
    const cached = (name: string) => join(first.cacheDir, 'owner', 'repo', COMMIT, 'res', name)
    writeFileSync(cached('9001.png'), 'PNG BYTES') // same size, other bytes
    rmSync(cached('icons.zip'))
    const again = setup({ cacheDir: first.cacheDir })
    again.service.start()
    await again.service.settled()
    expect(again.service.status().state).toBe('ready')
    expect(again.network.net.requests.sort()).toEqual([`${BASE}/owner/repo/${COMMIT}/res/9001.png`, `${BASE}/owner/repo/${COMMIT}/res/icons.zip`])
    expect(again.logs).toContain(
      `assets: cached owner/repo/${COMMIT}/res/9001.png does not match the manifest (sha256 ${sha256(bytes('PNG BYTES')).slice(0, 12)}… instead of ${files[2]!.sha256.slice(0, 12)}…): deleted, downloading again`,
    )
  })

  it('rejects a file the mirror serves with other bytes, and says so', async () => {
    const evil = { ...CONTENT, 'hash_index.json': bytes('{"result":[]}') }
    const { service, logs, build } = setup({ fetch: fakeNetwork(evil).fetch })
    service.start()
    await service.settled()
    expect(service.status()).toMatchObject({ state: 'unavailable', recognizer: null, itemIcons: null })
    expect(service.status().reason).toMatch(
      /^http:\/\/mirror\.test\/owner\/repo\/c+\/res\/hash_index\.json: sha256 mismatch \(got [0-9a-f]{12}…, expected [0-9a-f]{12}…\): file rejected; retrying in 5 s$/,
    )
    expect(logs.at(-1)).toBe(`assets unavailable: ${service.status().reason}`)
    expect(build.calls).toEqual([])
    await service.stop()
  })

  it('backs off 5 s, 15 s, 60 s, then every 5 minutes, and recovers without a restart', async () => {
    const { service, network } = setup()
    network.net.down = true
    service.start()
    await service.settled()
    const reasons = [service.status().reason]
    for (let i = 0; i < 4; i++) {
      service.retry()
      await service.settled()
      reasons.push(service.status().reason)
    }
    expect(reasons.map((r) => r?.replace(/^.*; /, ''))).toEqual(['retrying in 5 s', 'retrying in 15 s', 'retrying in 60 s', 'retrying in 5 min', 'retrying in 5 min'])
    expect(reasons[0]).toMatch(/^could not reach http:\/\/mirror\.test\/owner\/repo\/c+\/res\/[^ ]+: ECONNREFUSED; retrying in 5 s$/)
    network.net.down = false
    service.retry()
    await service.settled()
    expect(service.status().state).toBe('ready')
    await service.stop()
  })

  it('answers a retry at most once every 5 s', async () => {
    const { service, network, clock } = setup({ minRetryIntervalMs: 5_000 })
    network.net.down = true
    service.start()
    await service.settled()
    const asked = network.net.requests.length
    clock.now += 1_000
    expect(service.retry().state).toBe('unavailable')
    await service.settled()
    expect(network.net.requests.length).toBe(asked)
    clock.now += 4_000
    expect(service.retry().state).toBe('fetching')
    await service.settled()
    expect(network.net.requests.length).toBeGreaterThan(asked)
    await service.stop()
  })

  it('with ASSETS_DIR: verifies the files there and never downloads', async () => {
    const sourceDir = join(root, 'operator-copy')
    const missing = setup({ sourceDir })
    missing.service.start()
    await missing.service.settled()
    expect(missing.service.status().reason).toMatch(/^ASSETS_DIR has no owner\/repo\/c+\/res\/[^ ]+; retrying in 5 s$/)
    await missing.service.stop()
    for (const f of files) {
      const path = join(sourceDir, ...assetKey(f).split('/'))
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, CONTENT[f.path.split('/').pop()!]!)
    }
    const present = setup({ sourceDir })
    present.service.start()
    await present.service.settled()
    expect(present.service.status().state).toBe('ready')
    expect([...missing.network.net.requests, ...present.network.net.requests]).toEqual([])
  })

  it('reports a failed build and retries it', async () => {
    const { service } = setup({ runBuild: async () => Promise.reject(new Error('items.zip refused: entry "../x" refused: escapes the target folder')) })
    service.start()
    await service.settled()
    expect(service.status().reason).toBe('building failed: items.zip refused: entry "../x" refused: escapes the target folder; retrying in 5 s')
    await service.stop()
  })

  it('lets the operator pack win for recognition; the icon sheet is still announced', async () => {
    const { service } = setup({ operatorPackUrl: '/recognizer-pack/' })
    expect(service.configExtras()).toMatchObject({ recognizer: { packUrl: '/recognizer-pack/' } })
    service.start()
    await service.settled()
    expect(service.status()).toMatchObject({ state: 'ready', recognizer: { packUrl: '/recognizer-pack/' }, itemIcons: { sheetUrl: expect.any(String) } })
  })

  it('does nothing when off', async () => {
    const { service, network, build } = setup({ enabled: false })
    service.start()
    expect(service.retry()).toEqual({ state: 'off', done: 0, total: 0, reason: null, recognizer: null, itemIcons: null })
    await service.settled()
    expect(service.configExtras()).toEqual({ recognizer: { packUrl: null }, assets: { state: 'off', done: 0, total: 0, reason: null } })
    expect(network.net.requests).toEqual([])
    expect(build.calls).toEqual([])
  })
})
