import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UNAVAILABLE_HINT } from './assets.health'
import { assetKey } from './assets.repository'
import { BASE, bytes, COMMIT, CONTENT, fakeNetwork, files, removeFixtures, root, setup, sha256 } from './assets-service.fixtures'

afterAll(removeFixtures)

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
      assets: { state: 'ready', done: 5, total: 5, reason: null, unreadable: [], updating: false },
    })
    expect(logs).toEqual([
      'assets fetching 0/5',
      expect.stringMatching(
        /^assets ready in \d+\.\d s \(0\.00 MB fetched, 1 templates \(0 from MaaResource's head\), 2 icons; 0 wanted item\(s\) without a template\)$/,
      ),
    ])
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
    // The operator's log says what to change; players' pages never show it.
    expect(logs.at(-1)).toBe(`assets unavailable: ${service.status().reason}. Screenshot recognition is not ready for players: ${UNAVAILABLE_HINT}`)
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
    expect(service.retry()).toEqual({ state: 'off', done: 0, total: 0, reason: null, recognizer: null, itemIcons: null, unreadable: [], updating: false })
    await service.settled()
    expect(service.configExtras()).toEqual({
      recognizer: { packUrl: null },
      assets: { state: 'off', done: 0, total: 0, reason: null, unreadable: [], updating: false },
    })
    expect(network.net.requests).toEqual([])
    expect(build.calls).toEqual([])
  })
})
