import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../testing/test-app'
import { inlineScriptHashes } from './security-headers'
import { createPageCache } from './web-pages'
import { cspSources } from '../testing/csp'

/*
 * The server's side of the rendered pages, with a stand-in for the web build's renderer (`<dist>/ssr/render.mjs`):
 * it echoes what it was given, so the test sees which answers and variant the page was rendered from.
 * The app's own renderer is checked in Chromium (apps/web e2e server-render).
 */
const API = '/PenguinStats/api/v2'
const INDEX = '<!doctype html><script>start()</script><p>index</p>'
const SHELL =
  '<!doctype html><html lang="__DW_LANG__"><head><script>boot()</script></head><body><div id="root" data-prerender="__DW_KEY__">__DW_ROOT__</div>__DW_DATA__</body></html>'

/** The stand-in renderer: the item and stage pages of the app, `null` for an unknown id; `delayMs` and `fail` from globalThis. */
const RENDERER = `
const PAGE = /^\\/result\\/(?:item\\/([^/]+)|stage\\/([^/]+)\\/([^/]+))\\/?$/
const REPORT = /^\\/report\\/stage\\/([^/]+)\\/([^/]+)\\/?$/
export const pageRequest = (p) => {
  const r = REPORT.exec(p)
  if (r) return { mode: 'report', id: decodeURIComponent(r[2]) }
  const m = PAGE.exec(p); return m ? { mode: m[1] ? 'item' : 'stage', id: decodeURIComponent(m[1] ?? m[3]) } : null
}
export const pagePaths = (r) => r.mode === 'report' ? { items: '/items', stages: '/stages?server=CN', zones: '/zones' } : ({
  slice: '/result/matrix?server=CN&category=all&show_closed_zones=true&' + (r.mode === 'item' ? 'itemFilter' : 'stageFilter') + '=' + encodeURIComponent(r.id),
  basis: '/basis?server=CN' + (r.mode === 'stage' ? '&stageId=' + encodeURIComponent(r.id) : ''),
  items: '/items', stages: '/stages?server=CN', zones: '/zones',
})
export const renderPage = async (url, locale, mode, texts) => {
  const g = globalThis.__pages ??= { renders: 0, delayMs: 0, fail: false }
  g.renders++
  if (g.fail) throw new Error('render failed')
  if (g.delayMs) await new Promise((r) => setTimeout(r, g.delayMs))
  const { mode: kind, id } = pageRequest(url)
  const list = JSON.parse(kind === 'item' ? texts.items : texts.stages)
  const found = list.find((x) => (kind === 'item' ? x.itemId : x.stageId) === id)
  if (!found) return null
  return { key: locale + '.' + mode, html: '<h1>' + (found.name ?? found.code) + '</h1><script>hydrate()</script>', styles: '', title: '', data: kind === 'report' ? '' : texts.slice + texts.basis }
}
export const pageDocument = (shell, page) => shell.replace(/__DW_(LANG|KEY|ROOT|DATA)__/g, (_, n) => ({ LANG: page.key.split('.')[0], KEY: page.key, ROOT: page.html, DATA: page.data })[n])
`
const pages = () => (globalThis as { __pages?: { renders: number; delayMs: number; fail: boolean } }).__pages ?? { renders: 0, delayMs: 0, fail: false }
/** The page's own hashes: the script sources after `'self'` and `'wasm-unsafe-eval'`. */
const scriptSrc = (csp: unknown) => cspSources(csp, 'script-src').slice(2)

describe('item and stage pages rendered by the server with their data', () => {
  const dist = mkdtempSync(join(tmpdir(), 'dropwise-pages-'))
  let ctx: TestContext
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), INDEX)
    mkdirSync(join(dist, 'ssr'))
    writeFileSync(join(dist, 'ssr', 'render.mjs'), RENDERER)
    writeFileSync(join(dist, 'ssr', 'shell.html'), SHELL)
    ctx = await createTestContext({ name: 'pglite' }, { app: { webDist: dist } })
  })
  afterAll(async () => {
    await ctx?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  /** GETs a page until it is rendered (the first request may get the plain app while the render runs). */
  const page = async (url: string, headers: Record<string, string> = {}) => {
    for (let i = 0; i < 50; i++) {
      const res = await ctx.app.inject({ method: 'GET', url, headers })
      const text = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body
      if (text !== INDEX) return { res, text }
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error(`${url} was never rendered`)
  }
  const api = async (path: string) => (await ctx.app.inject({ method: 'GET', url: API + path })).body

  it('renders an item page in the visitor’s variant from the API’s own answers, byte for byte', async () => {
    const { res, text } = await page('/result/item/30012', { 'accept-language': 'ja', 'accept-encoding': 'br' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(String(res.headers.vary)).toMatch(/Cookie/)
    expect(text).toContain('<html lang="ja">')
    expect(text).toContain('data-prerender="ja.light"')
    const item = (JSON.parse(await api('/items')) as { itemId: string; name: string }[]).find((i) => i.itemId === '30012')!
    expect(text).toContain(`<h1>${item.name}</h1>`)
    const slice = await api('/result/matrix?server=CN&category=all&show_closed_zones=true&itemFilter=30012')
    expect(JSON.parse(slice).matrix.length).toBeGreaterThan(0)
    expect(text).toContain(slice + (await api('/basis?server=CN')))
    // The policy names the rendered page's inline scripts.
    expect(scriptSrc(res.headers['content-security-policy']).sort()).toEqual(inlineScriptHashes(text).sort())
    expect(inlineScriptHashes(text)).toHaveLength(2)
  })

  it('a stage page, in the remembered variant', async () => {
    const { text } = await page('/result/stage/main_1/main_01-07', { cookie: 'dropwise-home=en.dark' })
    expect(text).toContain('data-prerender="en.dark"')
    expect(text).toContain('<h1>1-7</h1>')
    expect(text).toContain(await api('/basis?server=CN&stageId=main_01-07'))
  })

  it("a stage's report form, rendered from the reference lists alone", async () => {
    const { text } = await page('/report/stage/main_1/main_01-07', { 'accept-language': 'ja' })
    expect(text).toContain('data-prerender="ja.light"')
    expect(text).toContain('<h1>1-7</h1>')
  })

  it('an unknown item or stage, or another address, gets the plain app as before', async () => {
    const unknown = ['/result/item/no-such-item', '/result/stage/main_1/no-such-stage', '/report/stage/main_1/no-such-stage', '/result/item', '/result/stage/main_1']
    const hostile = ['/result/item/..%2F..%2Fetc%2Fpasswd', '/result/stage/main_1/%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/report/stage/%3Cscript%3E/%3Cimg%3E']
    for (const url of [...unknown, ...hostile, `/result/item/${'x'.repeat(4000)}`, `/report/stage/main_1/${'y'.repeat(4000)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(INDEX)
      expect(scriptSrc(res.headers['content-security-policy'])).toEqual(inlineScriptHashes(INDEX))
    }
    // An address that is no valid percent-encoding never reaches the renderer: a 400 that says why.
    for (const url of ['/result/item/%E0%A4%A', '/report/stage/main_1/%E0%A4%A']) {
      const bad = await ctx.app.inject({ method: 'GET', url })
      expect(bad.statusCode, url).toBe(400)
      expect(bad.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('not a valid url component') })
    }
  })

  it('says in Server-Timing whether the page was rendered, came from the cache, or went plain', async () => {
    const { res } = await page('/result/item/30014', { 'accept-language': 'en' })
    expect(res.headers['server-timing']).toBe('page;desc="rendered"')
    const again = await ctx.app.inject({ method: 'GET', url: '/result/item/30014', headers: { 'accept-language': 'en' } })
    expect(again.headers['server-timing']).toBe('page;desc="cached"')
    const unknown = await ctx.app.inject({ method: 'GET', url: '/result/item/no-such-item' })
    expect(unknown.headers['server-timing']).toBe('page;desc="plain"')
  })

  it('keeps a rendered page while its answers stay the same, and renders again in another variant', async () => {
    await page('/result/item/30013', { 'accept-language': 'ko' })
    const before = pages().renders
    for (let i = 0; i < 3; i++) await page('/result/item/30013', { 'accept-language': 'ko' })
    expect(pages().renders).toBe(before)
    await page('/result/item/30013', { 'accept-language': 'en' })
    expect(pages().renders).toBe(before + 1)
  })
})

describe('the page cache', () => {
  const dist = mkdtempSync(join(tmpdir(), 'dropwise-page-cache-'))
  const answers: Record<string, string> = {}
  const get = async (path: string) => (path in answers ? { status: 200, body: answers[path]! } : { status: 404, body: '{}' })
  beforeAll(() => {
    mkdirSync(join(dist, 'ssr'))
    writeFileSync(join(dist, 'ssr', 'render.mjs'), RENDERER)
    writeFileSync(join(dist, 'ssr', 'shell.html'), SHELL)
    Object.assign(answers, {
      '/result/matrix?server=CN&category=all&show_closed_zones=true&itemFilter=a': '{"matrix":[1]}',
      '/basis?server=CN': '{"b":1}',
      '/items': '[{"itemId":"a","name":"A"}]',
      '/stages?server=CN': '[]',
      '/zones': '[]',
    })
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  it('renders again when the numbers change, never sends a page of older numbers', async () => {
    const lookup = createPageCache({ dist, get, budgetMs: 5_000 })
    expect((await lookup('/result/item/a', 'zh.light', false))?.html).toContain('{"matrix":[1]}')
    answers['/result/matrix?server=CN&category=all&show_closed_zones=true&itemFilter=a'] = '{"matrix":[2]}'
    const next = await lookup('/result/item/a', 'zh.light', false)
    expect(next?.html).toContain('{"matrix":[2]}')
    expect(next?.html).not.toContain('{"matrix":[1]}')
  })

  it('gives up after the budget (the plain app goes) and keeps the render for the next request', async () => {
    const lookup = createPageCache({ dist, get, budgetMs: 50 })
    pages().delayMs = 300
    try {
      const started = Date.now()
      expect(await lookup('/result/item/a', 'en.dark', false)).toBeNull()
      expect(Date.now() - started).toBeLessThan(280)
      await new Promise((r) => setTimeout(r, 400))
      expect((await lookup('/result/item/a', 'en.dark', false))?.html).toContain('<h1>A</h1>')
    } finally {
      pages().delayMs = 0
    }
  })

  it('renders at most maxPending pages at once; the others go plain and are not queued', async () => {
    for (const id of 'bcdefgh') answers[`/result/matrix?server=CN&category=all&show_closed_zones=true&itemFilter=${id}`] = '{"matrix":[1]}'
    answers['/items'] = JSON.stringify([...'abcdefgh'].map((id) => ({ itemId: id, name: id.toUpperCase() })))
    const lookup = createPageCache({ dist, get, budgetMs: 20, maxPending: 2 })
    pages().delayMs = 200
    try {
      const before = pages().renders
      const got = await Promise.all([...'bcdefgh'].map((id) => lookup(`/result/item/${id}`, 'zh.light', false)))
      expect(got.every((page) => page === null)).toBe(true)
      await new Promise((r) => setTimeout(r, 500))
      expect(pages().renders - before).toBe(2)
      // Once those are done, the next page renders again.
      pages().delayMs = 0
      expect((await lookup('/result/item/h', 'zh.light', false))?.html).toContain('<h1>H</h1>')
    } finally {
      pages().delayMs = 0
      answers['/items'] = '[{"itemId":"a","name":"A"}]'
    }
  })

  it('starts at most maxPerSecond renders a second; the others go plain', async () => {
    for (const id of 'bcdefgh') answers[`/result/matrix?server=CN&category=all&show_closed_zones=true&itemFilter=${id}`] = '{"matrix":[1]}'
    answers['/items'] = JSON.stringify([...'abcdefgh'].map((id) => ({ itemId: id, name: id.toUpperCase() })))
    const lookup = createPageCache({ dist, get, budgetMs: 5_000, maxPerSecond: 3 })
    try {
      const before = pages().renders
      const got = []
      for (const id of 'bcdefg') got.push(await lookup(`/result/item/${id}`, 'ja.dark', false))
      expect(got.map((page) => page !== null)).toEqual([true, true, true, false, false, false])
      expect(pages().renders - before).toBe(3)
      // A second later there is room again.
      await new Promise((r) => setTimeout(r, 1050))
      expect((await lookup('/result/item/h', 'ja.dark', false))?.html).toContain('<h1>H</h1>')
    } finally {
      answers['/items'] = '[{"itemId":"a","name":"A"}]'
    }
  })

  it('a failing render gives the plain app, is reported, and is tried again', async () => {
    const errors: string[] = []
    const lookup = createPageCache({ dist, get, onError: (_err, what) => errors.push(what) })
    pages().fail = true
    try {
      expect(await lookup('/result/item/a', 'ko.light', true)).toBeNull()
      expect(errors).toEqual(['rendering /result/item/a'])
    } finally {
      pages().fail = false
    }
    const marked = createPageCache({ dist, get, finish: (html, demo) => (demo ? html.replace('<html', '<html data-demo') : html) })
    expect((await marked('/result/item/a', 'ko.light', true))?.html).toContain('<html data-demo lang="ko">')
  })

  it('warming renders the first listed item once, so its first visitor gets it at once', async () => {
    const lookup = createPageCache({ dist, get, budgetMs: 5_000 })
    const before = pages().renders
    await lookup.warm()
    expect(pages().renders).toBe(before + 1)
    const page = await lookup('/result/item/a', 'zh.light', false)
    expect(page?.html).toContain('<h1>A</h1>')
    expect(page?.sent).toBeUndefined()
    expect(pages().renders).toBe(before + 1)
    // Nothing to warm from: no renderer, or no list.
    const empty = mkdtempSync(join(tmpdir(), 'dropwise-page-none-'))
    try {
      await expect(createPageCache({ dist: empty, get }).warm()).resolves.toBeUndefined()
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })

  it('an API that stops answering mid-request gives the plain app, is reported, and the page renders once it is back', async () => {
    // The numbers of an item page; the stage list a report form is rendered from alone (not kept as its answer).
    answers['/stages?server=CN'] = '[{"stageId":"s1","code":"1-7"}]'
    try {
      for (const [url, failing, title] of [
        ['/result/item/a', '/result/matrix', 'A'],
        ['/report/stage/z1/s1', '/stages', '1-7'],
      ] as const) {
        const errors: string[] = []
        let down = true
        const flaky = async (path: string) => {
          if (down && path.startsWith(failing)) throw new Error('Connection terminated unexpectedly')
          return get(path)
        }
        const lookup = createPageCache({ dist, get: flaky, budgetMs: 5_000, onError: (_err, what) => errors.push(what) })
        expect(await lookup(url, 'ja.light', false)).toBeNull()
        expect(errors).toEqual([`answering for ${url}`])
        down = false
        expect((await lookup(url, 'ja.light', false))?.html).toContain(`<h1>${title}</h1>`)
      }
    } finally {
      answers['/stages?server=CN'] = '[]'
    }
  })

  it('two servers over one build render the same page at once, each into its own cache', async () => {
    // As two processes behind one proxy: the build is read-only, each has its own cache and bounds.
    const one = createPageCache({ dist, get, budgetMs: 5_000 })
    const two = createPageCache({ dist, get, budgetMs: 5_000 })
    const [a, b] = await Promise.all([one('/result/item/a', 'zh.dark', true), two('/result/item/a', 'zh.dark', true)])
    expect(a?.html).toContain('<h1>A</h1>')
    expect(b?.html).toBe(a?.html)
    expect(b).not.toBe(a)
  })

  it('no renderer in the build: nothing to render', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'dropwise-page-none-'))
    try {
      expect(await createPageCache({ dist: empty, get })('/result/item/a', 'zh.light', false)).toBeNull()
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
