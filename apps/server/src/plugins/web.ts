import { readFileSync } from 'node:fs'
import { mkdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlib } from 'node:zlib'
import { PAGE_ROUTES } from '@dropwise/schemas'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { cookieValue } from '../lib/cookies'
import { inlineScriptHashes, setHeaders, webSecurityHeaders } from './security-headers'
import { createHashedAssets, encodingsOf } from './web-assets'
import { createPageCache, injectGet } from './web-pages'

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Dropwise</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Dropwise is starting</h1><p>The web app is being built; this page reloads by itself every 5 seconds.
The API is already available at <a href="/api/docs">/api/docs</a>.</p></body></html>`

const LANGUAGES = ['zh', 'en', 'ja', 'ko'] as const
const VARIANT = /^(zh|en|ja|ko)\.(light|dark)$/
/**
 * The pages the web build pre-renders (apps/web src/ssr.tsx `PRERENDERED_PATHS`), each in
 * dist/prerender/<path without its slash>/: sent in the variant that fits the visitor, index.html when
 * the build has none. web.test.ts checks this list against the web app's.
 */
export const PRERENDERED_PATHS: readonly string[] = ['/', '/search', '/advanced', '/planner']
/** The cookie the web app sets to the variant of `/` it showed (apps/web src/lib/hydration.ts). */
const VARIANT_COOKIE = 'dropwise-home'

/**
 * Which pre-rendered `/` (apps/web dist/prerender/<language>.<mode>.html) fits a request: the one the
 * app remembered in its cookie; else the first supported language of Accept-Language (zh when none,
 * as the app decides) and the colour scheme the browser reports, light when it says nothing.
 */
export const homeVariant = (req: Pick<FastifyRequest, 'headers'>): string => {
  const cookie = cookieValue(req.headers.cookie, VARIANT_COOKIE)
  if (cookie && VARIANT.test(cookie)) return cookie
  const wanted = String(req.headers['accept-language'] ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      )
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, i }
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .find((x) => (LANGUAGES as readonly string[]).includes(x.lang))?.lang
  const mode = String(req.headers['sec-ch-prefers-color-scheme'] ?? '').replace(/"/g, '') === 'dark' ? 'dark' : 'light'
  return `${wanted ?? 'zh'}.${mode}`
}

/** The text of an HTML file as the build wrote it (`ext`: `.br`, `.gz` or `''`). */
const htmlText = (body: Buffer, ext: string) => (ext === '.br' ? brotliDecompressSync(body) : ext === '.gz' ? gunzipSync(body) : body).toString('utf8')
const compressed = (text: string, ext: string, brotliQuality = 9) =>
  ext === '.br' ? brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality } }) : ext === '.gz' ? gzipSync(text, { level: 9 }) : Buffer.from(text)
/** Brotli for a page rendered at request time (≈ 0.6 MB of HTML): quality 5 takes a few ms where 9 takes tens. */
const DYNAMIC_BROTLI_QUALITY = 5

/**
 * `<html data-demo>` while the data holds simulated demo reports: the app's stylesheet and first render
 * show the demo banner from the first paint (apps/web app/shell/banners.tsx), instead of pushing
 * the page down when `/config` arrives. An attribute, not a script: the pages' CSP hashes stay as built.
 */
export const markDemo = (html: string) => html.replace(/<html(?=[\s>])/i, '<html data-demo')

export interface WebPluginOptions {
  /** The built app (apps/web/dist). */
  dist: string
  /** Addresses the app fetches from as announced to it (the recognizer pack's `packUrl`): another origin is allowed in connect-src. */
  connectUrls?: readonly (string | null | undefined)[] | undefined
  /** Whether the data holds simulated demo reports; default: `demo` in `/config` (the catalog's cached answer). */
  demoPresent?: () => Promise<boolean>
  /** `/config` as served (the catalog's): whether it announces demo reports, when `demoPresent` is not given. */
  frontendConfig?: () => Promise<{ body: string }>
  /** Longest wait for an item or a stage page's render before the plain app goes instead (plugins/web-pages.ts); default 200 ms. */
  renderBudgetMs?: number
}

/**
 * Serves the built web app (apps/web/dist) and falls back to index.html for client-side routes.
 * While the app is not built yet, a small page says so and reloads itself. Every response carries
 * the security headers of plugins/security-headers.ts; an HTML page's policy names the hashes of its
 * inline scripts.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: WebPluginOptions) => {
  const indexPath = join(opts.dist, 'index.html')
  const security = (req: FastifyRequest, scriptHashes?: readonly string[]) => webSecurityHeaders({ host: req.host, connectUrls: opts.connectUrls, scriptHashes })
  // Static HTML files (index.html is what the service worker answers navigations with offline): their
  // inline scripts' hashes, read once per build.
  const staticHashes = new Map<string, { mtimeMs: number; hashes: string[] }>()
  const staticHtmlHashes = (path: string, mtimeMs: number) => {
    const hit = staticHashes.get(path)
    if (hit?.mtimeMs === mtimeMs) return hit.hashes
    const hashes = inlineScriptHashes(htmlText(readFileSync(path), /\.(br|gz)$/.exec(path)?.[0] ?? ''))
    staticHashes.set(path, { mtimeMs, hashes })
    return hashes
  }
  // A page is never refused for this: unknown counts as no demo (the app still reads /config).
  const demoPresent = (): Promise<boolean> =>
    (
      opts.demoPresent?.() ??
      (async () => {
        if (!opts.frontendConfig) return false
        const config = JSON.parse((await opts.frontendConfig()).body) as { demo?: { present?: unknown } }
        return config.demo?.present === true
      })()
    ).catch(() => false)
  // The folder may still be empty while the app is built in the background: files are looked up per request.
  await mkdir(opts.dist, { recursive: true })
  // preCompressed: the web build writes .br/.gz beside each text asset (apps/web/vite.config.ts).
  await app.register(fastifyStatic, {
    root: opts.dist,
    index: false,
    maxAge: '1h',
    preCompressed: true,
    // Every file, not only pages: a worker runs under the policy sent with its script.
    setHeaders: (reply, path, info) => {
      const html = /\.html(\.br|\.gz)?$/.test(path)
      setHeaders(reply, security(reply.request, html ? staticHtmlHashes(path, info.mtimeMs) : undefined))
    },
  })
  // The hashed scripts and the solver's WebAssembly, from memory (plugins/web-assets.ts): a page asks for dozens.
  const hashed = createHashedAssets(join(opts.dist, 'assets'), (req, reply) => setHeaders(reply, security(req)))
  app.get('/assets/:name', { schema: { hide: true } }, (req, reply) => hashed.send(req, reply, (req.params as { name: string }).name))
  // Re-read index.html when a rebuild replaced it (its assets change name with every build).
  let cached: { html: string; demoHtml: string; mtimeMs: number; hashes: string[] } | null = null
  app.decorate('sendSpa', async (req, reply) => {
    const info = await stat(indexPath).catch(() => null)
    if (info && (!cached || cached.mtimeMs !== info.mtimeMs)) {
      const html = await readFile(indexPath, 'utf8')
      cached = { html, demoHtml: markDemo(html), mtimeMs: info.mtimeMs, hashes: inlineScriptHashes(html) }
    }
    reply.header('Cache-Control', 'no-cache')
    setHeaders(reply, security(req, info && cached ? cached.hashes : []))
    if (!info || !cached) return reply.type('text/html; charset=utf-8').send(BUILDING_PAGE)
    return reply.type('text/html; charset=utf-8').send((await demoPresent()) ? cached.demoHtml : cached.html)
  })
  // `/` and the other pre-rendered pages: the variant that fits the visitor, compressed as the build
  // wrote it; the plain index.html when the build has none (or it cannot be read).
  // The demo's copy of a file is made on its first request (a pre-rendered page is re-compressed once per build).
  type CachedFile = { body: Buffer; mtimeMs: number; hashes?: string[]; demoBody?: Buffer }
  const files = new Map<string, CachedFile>()
  const readCached = async (path: string): Promise<CachedFile | null> => {
    const info = await stat(path).catch(() => null)
    if (!info) return null
    const hit = files.get(path)
    if (hit && hit.mtimeMs === info.mtimeMs) return hit
    const body = await readFile(path).catch(() => null)
    if (!body) return null
    const entry: CachedFile = { body, mtimeMs: info.mtimeMs }
    files.set(path, entry)
    return entry
  }
  // What a page is sent with beside its security headers: it varies by the variant's inputs; Chromium
  // then says which colour scheme the visitor's system uses on the next request.
  const variantHeaders = (reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', `Accept-Encoding, Accept-Language, Cookie, Sec-CH-Prefers-Color-Scheme`)
      .header('Accept-CH', 'Sec-CH-Prefers-Color-Scheme')
  const sendPrerendered = async (path: string, req: FastifyRequest, reply: FastifyReply) => {
    // `/search?q=…` and the like: the page would show what the build could not know (`/?utm_source=…` is home as it is).
    if (path !== '/' && req.url.includes('?')) return app.sendSpa(req, reply)
    const base = join(opts.dist, 'prerender', path.slice(1), `${homeVariant(req)}.html`)
    const encodings = encodingsOf(req)
    for (const [encoding, ext] of encodings) {
      const file = await readCached(base + ext)
      if (!file) continue
      file.hashes ??= inlineScriptHashes(htmlText(file.body, ext))
      const demo = await demoPresent()
      if (demo) file.demoBody ??= compressed(markDemo(htmlText(file.body, ext)), ext)
      setHeaders(reply, security(req, file.hashes))
      variantHeaders(reply)
      if (encoding) reply.header('Content-Encoding', encoding)
      return reply.type('text/html; charset=utf-8').send(demo && file.demoBody ? file.demoBody : file.body)
    }
    return app.sendSpa(req, reply)
  }
  for (const path of PRERENDERED_PATHS) app.get(path, { schema: { hide: true } }, (req, reply) => sendPrerendered(path, req, reply))

  // Item, stage, report and statistics pages: rendered with their data for the visitor's variant (plugins/web-pages.ts),
  // else (no renderer, unknown id, a failure, over the time budget) the plain app as for any address.
  const pages = createPageCache({
    dist: opts.dist,
    get: injectGet(app),
    budgetMs: opts.renderBudgetMs,
    onError: (err, what) => app.log.warn({ err }, `web page: ${what} failed`),
    finish: (html, demo) => (demo ? markDemo(html) : html),
  })
  // Once the server listens, the renderer's first (slow) render is done before a visitor's.
  app.addHook('onListen', async () => {
    void pages.warm()
  })
  const renderedPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const page = await pages(req.url.split('?')[0] ?? '/', homeVariant(req), await demoPresent())
    // How the page went, for whoever measures it (bench:web, the browser's network panel).
    reply.header('Server-Timing', `page;desc="${page ? (page.sent ? 'cached' : 'rendered') : 'plain'}"`)
    if (!page) return app.sendSpa(req, reply)
    page.sent = true
    page.hashes ??= inlineScriptHashes(page.html)
    setHeaders(reply, security(req, page.hashes))
    variantHeaders(reply)
    const [encoding, ext] = encodingsOf(req)[0]!
    let body = page.encoded.get(ext)
    if (!body) {
      body = compressed(page.html, ext, DYNAMIC_BROTLI_QUALITY)
      page.encoded.set(ext, body)
    }
    if (encoding) reply.header('Content-Encoding', encoding)
    return reply.type('text/html; charset=utf-8').send(body)
  }
  app.get(PAGE_ROUTES.item, { schema: { hide: true } }, renderedPage)
  app.get(PAGE_ROUTES.stage, { schema: { hide: true } }, renderedPage)
  app.get(PAGE_ROUTES.report, { schema: { hide: true } }, renderedPage)
  app.get('/statistics', { schema: { hide: true } }, renderedPage)
})
