import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { pageHref } from '@dropwise/schemas'
import type { FastifyInstance } from 'fastify'

/*
 * Item, stage, report and statistics pages rendered at request time (issue 21): the web build's renderer
 * (apps/web src/ssr.tsx, built into `<dist>/ssr/render.mjs` with `shell.html` beside it) renders the
 * app's own components at the address, from this server's own answers to the requests the page makes
 * (`pagePaths`: the matrix slice and `/basis`, or `/stats` and `/config`; `/items`, `/stages`, `/zones`),
 * fetched in process. The page carries those answers (parsed, the lists cut to what it shows) so the
 * browser hydrates it.
 */

/** What `<dist>/ssr/render.mjs` exports (apps/web src/ssr.tsx). */
export interface PageRenderer {
  pageRequest: (pathname: string) => object | null
  pagePaths: (request: never) => Record<string, string>
  renderPage: (url: string, locale: string, mode: 'light' | 'dark', texts: Record<string, string>) => Promise<RenderedPage | null>
  pageDocument: (shell: string, page: RenderedPage) => string
}
interface RenderedPage {
  key: string
  html: string
  styles: string
  title: string
  data: string
}

export interface PageCacheOptions {
  dist: string
  /** An in-process GET of an API path (after the v2 base): its status and body. */
  get: (path: string) => Promise<{ status: number; body: string }>
  /** Longest wait for a render before the plain app is sent instead (the render goes on into the cache). */
  budgetMs?: number
  /** Rendered documents kept (least recently used dropped first). */
  maxEntries?: number
  /**
   * Renders waiting or running at most (4): past it a page not in the cache goes as the plain app without
   * a render, so many distinct addresses at once (a crawler, a hostile client) cannot queue unbounded work
   * on the server's main thread, where each render takes 30-60 ms.
   */
  maxPending?: number
  /**
   * Renders started in any one second at most (8, about a third of a core): past it a page not in the
   * cache goes plain. The pending cap bounds the queue, this the CPU a crawl or a flood of distinct
   * addresses can take from the API.
   */
  maxPerSecond?: number
  /** Told of a renderer that cannot load or a render that fails (the page then goes as the plain app). */
  onError?: (err: unknown, what: string) => void
  /** The last touch to a document (the demo mark, plugins/web.ts `markDemo`). */
  finish?: (html: string, demo: boolean) => string
}

/** A rendered document, with what is made of it on demand (its CSP hashes, compressed copies), kept with it. */
export interface RenderedDocument {
  html: string
  hashes?: string[]
  encoded: Map<string, Buffer>
  /** Sent before (the `Server-Timing` of plugins/web.ts says `cached`), else rendered for this request. */
  sent?: boolean
}
/** The document of a page, or null: send the plain app (no such page, unknown id, no renderer, a failure, too slow). */
export type PageLookup = ((pathname: string, variant: string, demo: boolean) => Promise<RenderedDocument | null>) & {
  /**
   * Renders the first listed item's page once, without the budget, so the first visitor after a start
   * does not pay for the renderer's first render (its lazy modules, the lists' first parse: 300 ms and
   * more, against 40-130 ms after). Resolves when done; never rejects.
   */
  warm: () => Promise<void>
}

const V2_BASE = '/PenguinStats/api/v2'
/** The answers that are reference lists (items, stages, zones), not numbers. */
const LISTS = new Set(['items', 'stages', 'zones'])
/** How old a reference list may be before it is fetched again (in the background). */
const LIST_REFRESH_MS = 3_000
type Answer = { status: number; body: string; digest: string }

/** An in-process GET through the API's own routes (`app.inject`): the same bytes a browser would get. */
export const injectGet =
  (app: FastifyInstance) =>
  async (path: string): Promise<{ status: number; body: string }> => {
    const res = await app.inject({ method: 'GET', url: V2_BASE + path })
    return { status: res.statusCode, body: res.body }
  }

/**
 * Renders item and stage pages, cached by address, variant (`<language>.<mode>`), demo mark and a
 * digest of the answers they were rendered from. The numbers (the matrix slice and `/basis`, a few KB)
 * are fetched for every request, so a page never outlives them: when the matrix moves (rebuilt at most
 * every 3 s) the slice's digest moves and the page is rendered again. The reference lists are reused
 * for up to 3 s and refreshed in the background (`reference`). Renders run one at a time (the
 * renderer's query cache and language are shared); a render slower than the budget goes on into the
 * cache while this request gets the plain app.
 */
export const createPageCache = (opts: PageCacheOptions): PageLookup => {
  const budgetMs = opts.budgetMs ?? 200
  const maxEntries = opts.maxEntries ?? 64
  const maxPending = opts.maxPending ?? 4
  const maxPerSecond = opts.maxPerSecond ?? 8
  let pending = 0
  /** When the renders of the last second started. */
  let started: number[] = []
  const hasRoom = () => {
    const now = Date.now()
    started = started.filter((t) => now - t < 1000)
    return pending < maxPending && started.length < maxPerSecond
  }
  const mayRender = () => {
    if (!hasRoom()) return false
    started.push(Date.now())
    return true
  }
  const cache = new Map<string, Promise<RenderedDocument | null>>()
  let loaded: { mtimeMs: number; renderer: Promise<{ renderer: PageRenderer; shell: string } | null> } | null = null

  // The renderer of the build in the folder now; a rebuild (new mtime) is loaded again, and the cache emptied.
  const current = async () => {
    const file = join(opts.dist, 'ssr', 'render.mjs')
    const info = await stat(file).catch(() => null)
    if (!info) return null
    if (loaded?.mtimeMs !== info.mtimeMs) {
      cache.clear()
      const renderer = (async () => {
        const [mod, shell] = await Promise.all([
          import(`${pathToFileURL(file).href}?v=${info.mtimeMs}`) as Promise<PageRenderer>,
          readFile(join(opts.dist, 'ssr', 'shell.html'), 'utf8'),
        ])
        return { renderer: mod, shell }
      })().catch((err: unknown) => {
        opts.onError?.(err, 'loading the page renderer')
        return null
      })
      loaded = { mtimeMs: info.mtimeMs, renderer }
    }
    return loaded.renderer
  }

  const remember = (key: string, page: Promise<RenderedDocument | null>) => {
    cache.delete(key)
    cache.set(key, page)
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string)
    // A failed render is not kept: the next request tries again.
    void page.then((html) => html ?? cache.delete(key)).catch(() => cache.delete(key))
  }

  const finish = opts.finish ?? ((html: string) => html)
  const fetchAnswer = async (path: string): Promise<Answer> => {
    const a = await opts.get(path)
    return { ...a, digest: createHash('sha1').update(a.body).digest('base64url') }
  }
  // The reference lists (1.4 MB of JSON together) change only when the catalog is reloaded: the last
  // answer is used while a newer one is fetched in the background, at most every LIST_REFRESH_MS.
  const lists = new Map<string, { answer: Promise<Answer>; at: number; refreshing: boolean }>()
  const reference = async (path: string): Promise<Answer> => {
    const hit = lists.get(path)
    if (!hit) {
      const entry = { answer: fetchAnswer(path), at: Date.now(), refreshing: false }
      lists.set(path, entry)
      entry.answer.catch(() => lists.delete(path))
      return entry.answer
    }
    if (!hit.refreshing && Date.now() - hit.at > LIST_REFRESH_MS) {
      hit.refreshing = true
      fetchAnswer(path)
        .then((answer) => {
          if (answer.status === 200) lists.set(path, { answer: Promise.resolve(answer), at: Date.now(), refreshing: false })
          else hit.refreshing = false
        })
        .catch(() => (hit.refreshing = false))
    }
    return hit.answer
  }
  const lookup = async (url: string, variant: string, demo: boolean): Promise<RenderedDocument | null> => {
    const r = await current()
    if (!r) return null
    const request = r.renderer.pageRequest(url)
    if (!request) return null
    // No room to render and nothing rendered for this address and variant: the plain app at once, without
    // asking the API for the answers (a flood of distinct addresses costs little more than index.html).
    const prefix = `${url}|${variant}|${demo ? 'demo' : ''}|`
    if (!hasRoom() && ![...cache.keys()].some((k) => k.startsWith(prefix))) return null
    const paths = Object.entries(r.renderer.pagePaths(request as never))
    const names = paths.map(([name]) => name)
    const answers = await Promise.all(paths.map(([name, path]) => (LISTS.has(name) ? reference(path) : fetchAnswer(path))))
    // An answer that is no answer (an unknown stage's /basis, a failing list): the plain app, as before.
    if (answers.some((a) => a.status !== 200)) return null
    const texts = Object.fromEntries(names.map((n, i) => [n, answers[i]!.body]))
    const key = prefix + answers.map((a) => a.digest).join('.')
    let page = cache.get(key)
    if (page) {
      cache.delete(key)
      cache.set(key, page)
    } else {
      if (!mayRender()) return null
      pending++
      const [locale = 'zh', mode] = variant.split('.')
      page = r.renderer
        .renderPage(url, locale, mode === 'dark' ? 'dark' : 'light', texts)
        .then((rendered) => (rendered ? { html: finish(r.renderer.pageDocument(r.shell, rendered), demo), encoded: new Map<string, Buffer>() } : null))
        .catch((err: unknown) => {
          opts.onError?.(err, `rendering ${url}`)
          return null
        })
        .finally(() => pending--)
      remember(key, page)
    }
    return page
  }
  // The renderer is loaded at start, not by the first visitor.
  void current()
  // The budget covers the whole lookup (loading the renderer, the answers, the render): past it the
  // plain app goes, and the work goes on into the cache for the next request.
  const withinBudget = async (url: string, variant: string, demo: boolean) => {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), budgetMs)
    })
    try {
      return await Promise.race([
        lookup(url, variant, demo).catch((err: unknown) => {
          // The API could not answer (a database stopped mid-request): the plain app, which asks again itself.
          opts.onError?.(err, `answering for ${url}`)
          return null
        }),
        late,
      ])
    } finally {
      clearTimeout(timer)
    }
  }
  const warm = async () => {
    try {
      const r = await current()
      if (!r) return
      const items = await reference('/items')
      const first = items.status === 200 ? (JSON.parse(items.body) as { itemId?: unknown }[])[0]?.itemId : undefined
      if (typeof first === 'string') await lookup(pageHref.item(first), 'zh.light', false)
    } catch (err) {
      opts.onError?.(err, 'warming the page renderer')
    }
  }
  return Object.assign(withinBudget, { warm })
}
