import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../testing/test-app'
import { inlineScriptHashes } from './security-headers'
import { createDemoRepository } from '../modules/demo/demo.repository'
import { homeVariant, markDemo, PRERENDERED_PATHS } from './web'
import { cspSources } from '../testing/csp'

const page = (key: string) =>
  `<!doctype html><html><head><meta name="dropwise-prerender" content="${key}"><script>window.__dropwiseStart=function(){}</script></head><body>${key}</body></html>`
const INDEX = '<!doctype html><script>start()</script><p>index</p>'
const scriptSrc = (csp: unknown) => cspSources(csp, 'script-src')

describe('the web app: `/` is the pre-rendered variant that fits the visitor', () => {
  const dist = mkdtempSync(join(tmpdir(), 'dropwise-web-'))
  const bare = mkdtempSync(join(tmpdir(), 'dropwise-web-bare-'))
  let ctx: TestContext
  let plain: TestContext
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), INDEX)
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'assets', 'planner.worker-x.js'), 'self.onmessage = () => {}')
    writeFileSync(join(bare, 'index.html'), '<!doctype html><p>index</p>')
    mkdirSync(join(dist, 'prerender', 'search'), { recursive: true })
    for (const lang of ['zh', 'en', 'ja', 'ko'])
      for (const mode of ['light', 'dark']) {
        const key = `${lang}.${mode}`
        writeFileSync(join(dist, 'prerender', `${key}.html`), page(key))
        writeFileSync(join(dist, 'prerender', `${key}.html.br`), brotliCompressSync(page(key)))
        writeFileSync(join(dist, 'prerender', `${key}.html.gz`), gzipSync(page(key)))
        writeFileSync(join(dist, 'prerender', 'search', `${key}.html.br`), brotliCompressSync(page(`search ${key}`)))
      }
    ctx = await createTestContext({ name: 'pglite' }, { app: { webDist: dist, recognizerPack: { url: 'https://packs.example/v1/' } } })
    plain = await createTestContext({ name: 'pglite' }, { app: { webDist: bare } })
  })
  afterAll(async () => {
    await Promise.all([ctx?.close(), plain?.close()])
    rmSync(dist, { recursive: true, force: true })
    rmSync(bare, { recursive: true, force: true })
  })

  it('picks the remembered variant, else Accept-Language (by weight) and the reported colour scheme', () => {
    const v = (headers: Record<string, string>) => homeVariant({ headers })
    expect(v({})).toBe('zh.light')
    expect(v({ 'accept-language': 'fr-FR,fr;q=0.9,ja;q=0.8,en;q=0.7' })).toBe('ja.light')
    expect(v({ 'accept-language': 'en;q=0.2,ko-KR;q=0.9' })).toBe('ko.light')
    expect(v({ 'accept-language': 'de, fr' })).toBe('zh.light')
    expect(v({ 'accept-language': 'en-US', 'sec-ch-prefers-color-scheme': '"dark"' })).toBe('en.dark')
    expect(v({ 'accept-language': 'en-US', cookie: 'a=1; dropwise-home=ja.dark; b=2' })).toBe('ja.dark')
    // A cookie that names no variant is ignored, not trusted as a file name.
    expect(v({ 'accept-language': 'en-US', cookie: 'dropwise-home=../../etc/passwd' })).toBe('en.light')
  })

  it('sends that page compressed as the build wrote it, not cached without revalidation', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ko', 'accept-encoding': 'gzip, br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(String(res.headers.vary)).toMatch(/Accept-Language/)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page('ko.light'))
    const identity = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: 'dropwise-home=en.dark' } })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body).toBe(page('en.dark'))
  })

  it('marks the <html> element for the demo banner, and nothing else', () => {
    expect(markDemo('<!doctype html><html lang="zh-CN"><head></head></html>')).toBe('<!doctype html><html data-demo lang="zh-CN"><head></head></html>')
    expect(markDemo('<html><body><p>html</p></body></html>')).toBe('<html data-demo><body><p>html</p></body></html>')
    expect(markDemo('<!doctype html><htmlx><p>index</p>')).toBe('<!doctype html><htmlx><p>index</p>')
  })

  it('sends `<html data-demo>` once the data holds demo reports, in every encoding, under the same script hashes', async () => {
    let now = Date.UTC(2026, 0, 1)
    const demo = await createTestContext({ name: 'pglite' }, { clock: () => now, app: { webDist: dist } })
    try {
      const get = (encoding: string) => demo.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ja', 'accept-encoding': encoding } })
      const text = (res: Awaited<ReturnType<typeof get>>) =>
        res.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : res.headers['content-encoding'] === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body
      expect(text(await get('br'))).toBe(page('ja.light'))
      await createDemoRepository(demo.db).markSimulated({ reports: 3, source: 'test', simulatedAt: now })
      now += 60_000 // past the cached /config
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await get(encoding)
        expect(text(res), encoding).toBe(markDemo(page('ja.light')))
        expect(text(res)).toContain('<html data-demo>')
        expect(scriptSrc(res.headers['content-security-policy'])).toEqual(["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(page('ja.light'))])
      }
    } finally {
      await demo.close()
    }
  }, 120_000)

  it('sends /search pre-rendered too, but not with a query the build could not know', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/search', headers: { 'accept-language': 'en', 'accept-encoding': 'br' } })
    expect(res.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page('search en.light'))
    // Only .br was written for /search: a client without brotli gets index.html, as does a search with its text.
    expect((await ctx.app.inject({ method: 'GET', url: '/search', headers: { 'accept-language': 'en' } })).body).toBe(INDEX)
    expect((await ctx.app.inject({ method: 'GET', url: '/search?q=1-7', headers: { 'accept-encoding': 'br' } })).body).toBe(INDEX)
    // Home keeps its variant with a query (the installed app opens /?utm_source=pwa).
    expect((await ctx.app.inject({ method: 'GET', url: '/?utm_source=pwa', headers: { 'accept-language': 'en' } })).body).toBe(page('en.light'))
  })

  it("lists the web build's pre-rendered pages (apps/web src/ssr.tsx)", () => {
    const source = readFileSync(new URL('../../../web/src/ssr.tsx', import.meta.url), 'utf8')
    const listed = /PRERENDERED_PATHS = \[([^\]]*)\]/.exec(source)?.[1]
    expect(listed, 'PRERENDERED_PATHS in apps/web/src/ssr.tsx').toBeDefined()
    const web = [...listed!.matchAll(/'([^']*)'/g)].map((m) => m[1])
    expect(PRERENDERED_PATHS).toEqual(web)
  })

  it('falls back to index.html when the build has no pre-rendered pages, and other routes get index.html', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/' })).body).toContain('index')
    expect((await ctx.app.inject({ method: 'GET', url: '/result/stage' })).body).toContain('index')
  })

  it('sends the hashed assets as the build wrote them, compressed copies included, and never a file that changed or went', async () => {
    const CODE = 'export const answer = 42 // ' + 'x'.repeat(400)
    writeFileSync(join(dist, 'assets', 'chunk-AbC123.js'), CODE)
    writeFileSync(join(dist, 'assets', 'chunk-AbC123.js.br'), brotliCompressSync(CODE))
    writeFileSync(join(dist, 'assets', 'chunk-AbC123.js.gz'), gzipSync(CODE))
    writeFileSync(join(dist, 'assets', 'solver-x.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]))
    writeFileSync(join(dist, 'assets', 'notes-x.txt'), 'plain text')
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers })
    const br = await get('/assets/chunk-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(br.headers['cache-control']).toBe('public, max-age=3600')
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    expect(String(br.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CODE)
    const gz = await get('/assets/chunk-AbC123.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CODE)
    const raw = await get('/assets/chunk-AbC123.js')
    expect(raw.headers['content-encoding']).toBeUndefined()
    expect(raw.body).toBe(CODE)
    // Refused codings (q=0) are never sent; a preferred one wins over the server's order.
    expect((await get('/assets/chunk-AbC123.js', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip')
    expect((await get('/assets/chunk-AbC123.js', { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined()
    expect((await get('/assets/chunk-AbC123.js', { 'accept-encoding': 'br;q=0.5, gzip;q=1' })).headers['content-encoding']).toBe('gzip')
    // Revalidation: the copy's validator, per encoding.
    expect(br.headers.etag).not.toBe(raw.headers.etag)
    expect((await get('/assets/chunk-AbC123.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304)
    expect((await get('/assets/chunk-AbC123.js', { 'if-none-match': String(br.headers.etag) })).statusCode).toBe(200)
    expect((await get('/assets/chunk-AbC123.js', { 'if-modified-since': String(raw.headers['last-modified']) })).statusCode).toBe(304)
    const wasm = await get('/assets/solver-x.wasm', { 'accept-encoding': 'br' })
    expect(wasm.headers['content-type']).toBe('application/wasm')
    expect(wasm.headers['content-encoding']).toBeUndefined()
    expect(wasm.rawPayload).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]))
    // Another type goes through the static files plugin.
    expect((await get('/assets/notes-x.txt')).body).toBe('plain text')
    // Rebuilt in place (new size and time): the new bytes, not the ones in memory.
    writeFileSync(join(dist, 'assets', 'chunk-AbC123.js'), 'export const answer = 43')
    rmSync(join(dist, 'assets', 'chunk-AbC123.js.br'))
    rmSync(join(dist, 'assets', 'chunk-AbC123.js.gz'))
    const rebuilt = await get('/assets/chunk-AbC123.js', { 'accept-encoding': 'br' })
    expect(rebuilt.headers['content-encoding']).toBeUndefined()
    expect(rebuilt.body).toBe('export const answer = 43')
    // Gone, or a name that is no file name: the app's not-found answer (index.html), never a file outside.
    rmSync(join(dist, 'assets', 'chunk-AbC123.js'))
    for (const url of ['/assets/chunk-AbC123.js', '/assets/..%2Findex.html', '/assets/..%2F..%2Fetc%2Fpasswd', '/assets/.hidden.js']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.body, url).toContain('index')
    }
  })

  it('answers many first requests for one asset at once with the same whole bytes, and a real server under them', async () => {
    const CODE = 'export const many = 1 // ' + 'y'.repeat(2000)
    writeFileSync(join(dist, 'assets', 'many-Zz9.js'), CODE)
    writeFileSync(join(dist, 'assets', 'many-Zz9.js.br'), brotliCompressSync(CODE))
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ctx.app.inject({ method: 'GET', url: '/assets/many-Zz9.js', headers: i % 2 ? { 'accept-encoding': 'br' } : {} })),
    )
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(200)
      expect(i % 2 ? brotliDecompressSync(res.rawPayload).toString() : res.body).toBe(CODE)
    }
    // The bytes a browser sends, over a real socket (closed with the app): HEAD gives the copy's length, a range the whole file.
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const head = await fetch(`${url}/assets/many-Zz9.js`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-encoding')).toBe('br')
    expect(Number(head.headers.get('content-length'))).toBe(brotliCompressSync(CODE).length)
    const ranged = await fetch(`${url}/assets/many-Zz9.js`, { headers: { range: 'bytes=0-9', 'accept-encoding': 'identity' } })
    expect(ranged.status).toBe(200)
    expect(await ranged.text()).toBe(CODE)
    // Removed while the server runs: the not-found answer, never the copy held in memory.
    rmSync(join(dist, 'assets', 'many-Zz9.js'))
    rmSync(join(dist, 'assets', 'many-Zz9.js.br'))
    const gone = await ctx.app.inject({ method: 'GET', url: '/assets/many-Zz9.js', headers: { 'accept-encoding': 'br' } })
    expect(gone.headers['content-type']).toMatch(/^text\/html/)
  })

  describe('security headers', () => {
    const expectCommon = (headers: Record<string, unknown>) => {
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['x-frame-options']).toBe('DENY')
      expect(String(headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/)
    }

    it("`/`: the policy names the hashes of the variant's inline scripts, compressed or not", async () => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ja', 'accept-encoding': encoding, host: 'stats.example' } })
        expectCommon(res.headers)
        expect(scriptSrc(res.headers['content-security-policy'])).toEqual(["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(page('ja.light'))])
        // The probe's websocket on this host; the recognizer pack's other origin.
        expect(String(res.headers['content-security-policy'])).toContain("connect-src 'self' ws://stats.example wss://stats.example https://packs.example;")
      }
    })

    it('the SPA fallback, index.html itself and the static files carry them too', async () => {
      for (const url of ['/result/stage', '/index.html']) {
        const res = await ctx.app.inject({ method: 'GET', url })
        expect(res.statusCode, url).toBe(200)
        expectCommon(res.headers)
        expect(scriptSrc(res.headers['content-security-policy']), url).toEqual(["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(INDEX)])
      }
      // A worker runs under the policy of its script's response.
      const worker = await ctx.app.inject({ method: 'GET', url: '/assets/planner.worker-x.js' })
      expect(worker.statusCode).toBe(200)
      expectCommon(worker.headers)
      expect(scriptSrc(worker.headers['content-security-policy'])).toEqual(["'self'", "'wasm-unsafe-eval'"])
    })

    it('the API gets nosniff but no page policy', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/items' })
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-security-policy']).toBeUndefined()
    })
  })
})
