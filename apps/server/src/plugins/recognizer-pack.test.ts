import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../config/env'
import { createTestContext, type TestContext } from '../testing/test-app'

describe('recognizer pack (RECOGNIZER_PACK_DIR / RECOGNIZER_PACK_URL)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dropwise-pack-'))
  const manifest = JSON.stringify({ format: 'dropwise-recognizer-pack', version: 1 })
  writeFileSync(join(dir, 'pack.json'), manifest)
  writeFileSync(join(dir, 'templates.bin'), Buffer.from([1, 2, 3, 4]))
  writeFileSync(join(dir, 'pack.json.gz'), gzipSync(manifest))
  let served: TestContext
  let none: TestContext
  let remote: TestContext
  beforeAll(async () => {
    served = await createTestContext({ name: 'pglite' }, { app: { recognizerPack: { dir } } })
    none = await createTestContext({ name: 'pglite' })
    remote = await createTestContext({ name: 'pglite' }, { app: { recognizerPack: { dir, url: 'https://cdn.example/pack/' } } })
  })
  afterAll(async () => {
    await Promise.all([served?.close(), none?.close(), remote?.close()])
    rmSync(dir, { recursive: true, force: true })
  })

  it('reads both variables from the environment', () => {
    expect(parseEnv({ RECOGNIZER_PACK_DIR: '/srv/pack', RECOGNIZER_PACK_URL: 'https://cdn.example/p/' })).toMatchObject({
      RECOGNIZER_PACK_DIR: '/srv/pack',
      RECOGNIZER_PACK_URL: 'https://cdn.example/p/',
    })
    expect(parseEnv({ RECOGNIZER_PACK_DIR: '' }).RECOGNIZER_PACK_DIR).toBeUndefined()
  })

  it('serves the folder at /recognizer-pack/ and announces it in /config', async () => {
    const config = (await served.app.inject({ method: 'GET', url: '/api/v2/config' })).json<{ recognizer?: unknown }>()
    expect(config.recognizer).toEqual({ packUrl: '/recognizer-pack/' })
    const json = await served.app.inject({ method: 'GET', url: '/recognizer-pack/pack.json' })
    expect(json.statusCode).toBe(200)
    expect(json.body).toBe(manifest)
    const bin = await served.app.inject({ method: 'GET', url: '/recognizer-pack/templates.bin' })
    expect(bin.statusCode).toBe(200)
    expect([...bin.rawPayload]).toEqual([1, 2, 3, 4])
    // A pre-compressed copy beside the file goes to clients that accept it.
    const zipped = await served.app.inject({ method: 'GET', url: '/recognizer-pack/pack.json', headers: { 'accept-encoding': 'gzip' } })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(manifest)
    expect((await served.app.inject({ method: 'GET', url: '/recognizer-pack/../package.json' })).statusCode).toBe(404)
    expect((await served.app.inject({ method: 'GET', url: '/recognizer-pack/missing.bin' })).statusCode).toBe(404)
  })

  it('says "no pack" in /config and serves nothing without a pack', async () => {
    const config = (await none.app.inject({ method: 'GET', url: '/PenguinStats/api/v2/config' })).json<{ recognizer?: unknown }>()
    expect(config.recognizer).toEqual({ packUrl: null })
    expect((await none.app.inject({ method: 'GET', url: '/recognizer-pack/pack.json' })).statusCode).toBe(404)
  })

  it('prefers RECOGNIZER_PACK_URL and then serves no folder', async () => {
    const config = (await remote.app.inject({ method: 'GET', url: '/api/v2/config' })).json<{ recognizer?: unknown }>()
    expect(config.recognizer).toEqual({ packUrl: 'https://cdn.example/pack/' })
    expect((await remote.app.inject({ method: 'GET', url: '/recognizer-pack/pack.json' })).statusCode).toBe(404)
  })
})
