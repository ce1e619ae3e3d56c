import { createHash } from 'node:crypto'
import type { FastifyReply } from 'fastify'

/**
 * Security headers of the web app (plugins/web.ts) and the API docs (plugins/docs.ts). Every source
 * beyond 'self' is there for something the app does; docs/api-extensions.md §6 lists them.
 */

/** Sent on every response (plugins/compat.ts): a browser never guesses a content type other than ours. */
export const NOSNIFF = { 'X-Content-Type-Options': 'nosniff' } as const

export interface WebPolicyOptions {
  /**
   * The Host the page was requested with (`req.host`): the usage probe opens a websocket to
   * `/api/probe` on it. Left out when it is not a plain host[:port].
   */
  host?: string | undefined
  /**
   * Addresses the app fetches from as it was told them (`/config` `recognizer.packUrl`): absolute ones
   * on another origin add that origin to connect-src; paths on this host need nothing.
   */
  connectUrls?: readonly (string | null | undefined)[] | undefined
  /** `'sha256-…'` sources of the page's inline scripts ({@link inlineScriptHashes}). */
  scriptHashes?: readonly string[] | undefined
}

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/** The origin of an absolute http(s) address, as a CSP source; null for a path or anything else. */
export const originSource = (url: string | null | undefined): string | null => {
  if (!url || !/^https?:\/\//i.test(url)) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The web app's Content-Security-Policy. Why each source beyond 'self':
 * - script-src `'wasm-unsafe-eval'`: the planner's worker compiles HiGHS (WebAssembly); it allows
 *   compiling WASM only, not `eval`. The hashes are the page's own inline scripts (the start-up
 *   script of vite.config.ts `preloadStart`, and `__dropwiseStart` in the pre-rendered `/`).
 * - style-src `'unsafe-inline'`: emotion (MUI's styling) inserts `<style>` elements at run time, the
 *   pre-rendered `/` carries its critical CSS in `<style>` tags, and ECharts' tooltips are HTML with
 *   `style` attributes. A nonce would need emotion's cache to carry it and every page to be
 *   rewritten per request; CSS cannot run script, so this only gives up protection against CSS injection.
 * - img-src `data:` `blob:` `https:`: `blob:` for the screenshots being recognised (object URLs),
 *   `data:` for images made in the page (ECharts' `toDataURL`), `https:` for the item sprite sheet, whose address the operator
 *   (`/config` `itemSprite.url`) or the visitor (settings) may point at any host.
 * - connect-src `ws://host` `wss://host`: the usage probe's websocket on this host (CSP3 browsers
 *   already count it as 'self'; older ones do not); plus the recognizer pack's origin when
 *   `RECOGNIZER_PACK_URL` is elsewhere.
 * - worker-src 'self': the dataset, planner and recogniser workers are built files, not blob: URLs.
 * - frame-ancestors 'none': no site may frame the app (clickjacking); X-Frame-Options says the same
 *   to browsers that predate CSP 2.
 */
export const webContentSecurityPolicy = (opts: WebPolicyOptions = {}): string => {
  const ws = opts.host && HOST.test(opts.host) ? [`ws://${opts.host}`, `wss://${opts.host}`] : []
  const connect = [...new Set((opts.connectUrls ?? []).map(originSource).filter((s): s is string => s !== null))]
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...(opts.scriptHashes ?? [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...ws, ...connect],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map((d) => d.join(' ')).join('; ')
}

/**
 * The API docs' policy (Swagger UI at /api/docs): its own scripts and styles are files of
 * @fastify/swagger-ui, and "Try it out" calls this server. Styles as for the app: Swagger UI's React
 * components set inline styles. Images: its icons are `data:` SVGs.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const INLINE_SCRIPT = /<script\b([^>]*)>([^]*?)<\/script\s*>/gi
/** Script types a browser runs (classic, module); other types are data blocks, which CSP ignores. */
const RUNNABLE_TYPE = /^\s*(?:|text\/javascript|application\/javascript|module)\s*$/i

/**
 * `'sha256-…'` sources for the inline scripts of an HTML page, hashed as the browser does: the text
 * between the tags after the HTML parser turned CR LF and CR into LF.
 */
export const inlineScriptHashes = (html: string): string[] => {
  const out = new Set<string>()
  for (const [, attrs = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs)) continue
    const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs)
    if (type && !RUNNABLE_TYPE.test(type[1] ?? type[2] ?? type[3] ?? '')) continue
    out.add(`'sha256-${createHash('sha256').update(body.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`)
  }
  return [...out]
}

const COMMON = { ...NOSNIFF, 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Frame-Options': 'DENY' } as const

/** Headers of a web app response: its pages, the SPA fallback and the static files (workers take their policy from their script's response). */
export const webSecurityHeaders = (opts: WebPolicyOptions = {}): Record<string, string> => ({
  ...COMMON,
  'Content-Security-Policy': webContentSecurityPolicy(opts),
})

/** Headers of the API docs' pages and files. */
export const docsSecurityHeaders = (): Record<string, string> => ({ ...COMMON, 'Content-Security-Policy': DOCS_CONTENT_SECURITY_POLICY })

export const setHeaders = (reply: FastifyReply, headers: Record<string, string>) => {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value)
}
