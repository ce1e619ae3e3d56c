/**
 * The app rendered outside a browser, never shipped to it: built for Node into `dist/ssr/render.mjs`
 * (build-plugins/prerender-home.ts), with every dependency inside. The build renders `PRERENDERED_PATHS`
 * with it once per language and colour mode (`renderPrerendered`); the server renders item, stage and
 * statistics pages with it at request time, from the API's own answers (`renderPage`, apps/server
 * plugins/web-pages.ts). The browser paints
 * that HTML at once and the app hydrates it (main.tsx). Everything here is the app's own code; only the
 * router's history (memory), the storage (memory) and the OS colour scheme (`setHydrationHints`) stand
 * in for the browser. Renders share the app's singletons (query cache, i18n, history): one at a time.
 */
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import type { Item, Stage, Zone } from '@dropwise/schemas'
import { prerender } from 'react-dom/static'
import { App, pageTitle } from './app/app'
import { pagePaths, pageRequest, pageSeeds, type AnswerName, type PageAnswers } from './app/page-seed'
import { queryClient } from './lib/data'
import { parsers } from './lib/dataset-parsers'
import { prerenderAt } from './lib/history'
import { seedQueries, seedScriptText, SEED_ELEMENT_ID } from './lib/page-seeds'
import { prerenderKey, setHydrationHints, type Mode } from './lib/hydration'
import { changeLocale, i18next, initI18n, localized, type BaseLocale } from './lib/i18n'

export { pagePaths, pageRequest }

export interface PrerenderedPage {
  /** `<language>.<mode>` (lib/hydration.ts `prerenderKey`). */
  key: string
  /** The markup inside `#root`. */
  html: string
  /** `<style data-emotion="…">` tags for `<head>`: emotion adopts them on hydration instead of inserting the rules again. */
  styles: string
  title: string
  /** The text of the `<script type="application/json">` with the page's data (pages the server renders), or ''. */
  data: string
}

let started = false
let queue: Promise<unknown> = Promise.resolve()
/** One render at a time: they share the app's query cache, language and history. */
const serial = <T,>(task: () => Promise<T>): Promise<T> => {
  const run = queue.then(task, task)
  queue = run.catch(() => undefined)
  return run
}

/**
 * Every rule the render produced, as `<style>` tags emotion adopts on hydration: one per global style
 * (`css-global <name>`, which the Global component looks for) and one for the classes (`css <ids…>`).
 * All of them, not only the classes in the markup (as @emotion/server's extraction does): MUI's
 * styled components also make a class for each layer of a composition (AppBar over Paper), which the
 * browser would otherwise build and insert again while hydrating although no element uses it.
 * `data-s`: the tags are in <head> already; without it emotion would move each once more at start-up
 * (a style recalculation of the whole page).
 */
const styleTags = (cache: ReturnType<typeof createCache>) => {
  const globals: string[] = []
  const ids: string[] = []
  let css = ''
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue
    if (cache.registered[`${cache.key}-${id}`] === undefined) globals.push(`<style data-s="" data-emotion="${cache.key}-global ${id}">${rules}</style>`)
    else {
      ids.push(id)
      css += rules
    }
  }
  return [...globals, `<style data-s="" data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`].join('')
}

/** Renders the app at `url` with what the query cache holds (the caller seeded it). */
const renderApp = async (url: string, locale: BaseLocale, mode: Mode, subject: readonly string[], data: string): Promise<PrerenderedPage> => {
  if (!started) await initI18n(locale)
  else await changeLocale(locale)
  started = true
  setHydrationHints({ systemDark: mode === 'dark' })
  prerenderAt(url)
  const cache = createCache({ key: 'css' })
  // As on the server emotion keeps each rule as text instead of inserting it (what @emotion/server reads).
  cache.compat = true
  const errors: unknown[] = []
  try {
    // `prerender` waits for the lazy page (and anything else suspending), unlike renderToString.
    // One chunk: no boundary is outlined behind a fallback (React does that above 12.8 KB by default).
    const { prelude } = await prerender(
      <CacheProvider value={cache}>
        <App />
      </CacheProvider>,
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: (err) => void errors.push(err) },
    )
    const html = await new Response(prelude).text()
    if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]))
    return {
      key: prerenderKey(locale, mode),
      html,
      styles: styleTags(cache),
      title: pageTitle(new URL(url, 'http://x').pathname, i18next.t.bind(i18next), subject),
      data,
    }
  } finally {
    // Queries the render created hold timers (their cache time) that would keep the process busy.
    queryClient.clear()
  }
}

/**
 * The addresses the build pre-renders: pages whose first render holds no data a visitor could have
 * stored (or reads it through `useHydrated`), so what the build draws is what the browser would draw.
 * The server sends them for the bare address only (apps/server plugins/web.ts): `/search?q=…` shows
 * results the build cannot know.
 */
export const PRERENDERED_PATHS = ['/', '/search', '/advanced', '/planner'] as const

/** One of {@link PRERENDERED_PATHS} as a first visitor sees it, without data (the build renders them). */
export const renderPrerendered = (path: (typeof PRERENDERED_PATHS)[number], locale: BaseLocale, mode: Mode): Promise<PrerenderedPage> =>
  serial(() => {
    queryClient.clear()
    return renderApp(path, locale, mode, [], '')
  })

/**
 * The reference lists as last parsed (1.4 MB of JSON, 30-40 ms to parse and check): the server hands the
 * same text until the catalog changes, so a render parses only what is new. The parsed lists are
 * read, never changed (`pageSeeds` filters into new arrays).
 */
const lastParsed = new Map<'items' | 'stages' | 'zones', { text: string; value: unknown }>()
const parsedList = (name: 'items' | 'stages' | 'zones', text: string): unknown => {
  const hit = lastParsed.get(name)
  if (hit?.text === text) return hit.value
  const value = parsers[name](JSON.parse(text))
  lastParsed.set(name, { text, value })
  return value
}

/** The API's answers to {@link pagePaths}, as text (byte for byte what the browser would receive). */
export type PageTexts = Partial<Record<AnswerName, string>>

/** Each answer through the parser the app uses for it in the browser. */
const parseAnswer: Record<AnswerName, (text: string) => unknown> = {
  slice: (text) => parsers.globalMatrix(JSON.parse(text)),
  basis: (text) => JSON.parse(text) as unknown,
  stats: (text) => parsers.stats(JSON.parse(text)),
  config: (text) => parsers.config(JSON.parse(text)),
  items: (text) => parsedList('items', text),
  stages: (text) => parsedList('stages', text),
  zones: (text) => parsedList('zones', text),
}

/**
 * An item, a stage or the statistics page as a first visitor with the default data source sees it,
 * from the API's answers: null when `url` is no such page or names an unknown item or stage (the
 * server then sends the plain app). The answers go through the app's own parsers, as in the browser.
 */
export const renderPage = (url: string, locale: BaseLocale, mode: Mode, texts: PageTexts, now = Date.now()): Promise<PrerenderedPage | null> =>
  serial(async () => {
    const request = pageRequest(new URL(url, 'http://x').pathname)
    if (!request) return null
    const answers: PageAnswers = {}
    for (const name of Object.keys(pagePaths(request)) as AnswerName[]) {
      const text = texts[name]
      if (text === undefined) return null
      answers[name] = parseAnswer[name](text)
    }
    const seeds = pageSeeds(request, answers, now)
    if (!seeds) return null
    queryClient.clear()
    seedQueries(queryClient, seeds)
    const lang = locale
    let subject: string[] = []
    if (request.mode === 'item') {
      const item = (answers.items as Item[]).find((i) => i.itemId === request.id)
      if (item) subject = [localized(item.name_i18n, item.name, lang)]
    } else if (request.mode === 'stage' || request.mode === 'report') {
      const stage = (answers.stages as Stage[]).find((s) => s.stageId === request.id)
      const zoneId = /^\/(?:result|report)\/stage\/([^/]+)\//.exec(new URL(url, 'http://x').pathname)?.[1]
      const zone = (answers.zones as Zone[]).find((z) => z.zoneId === (zoneId && decodeURIComponent(zoneId)))
      if (stage) subject = [...(zone ? [localized(zone.zoneName_i18n, zone.zoneName, lang)] : []), localized(stage.code_i18n, stage.code, lang)]
    }
    return renderApp(url, locale, mode, subject, seedScriptText(seeds))
  })

const HTML_LANG: Record<string, string> = { zh: 'zh-CN', en: 'en', ja: 'ja', ko: 'ko' }
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The whole document: the shell (index.html with the markers `__DW_LANG__`, `__DW_KEY__`, `__DW_TITLE__`,
 * `__DW_STYLES__`, `__DW_ROOT__` and `__DW_DATA__`, build-plugins/prerender-home.ts) filled with the page.
 * One pass: text of the page is never read as a marker or as a replacement pattern.
 */
export const pageDocument = (shell: string, page: PrerenderedPage): string => {
  const lang = page.key.split('.')[0] ?? 'zh'
  const parts: Record<string, string> = {
    LANG: HTML_LANG[lang] ?? 'zh-CN',
    KEY: page.key,
    TITLE: escapeHtml(page.title),
    STYLES: page.styles,
    ROOT: page.html,
    DATA: page.data ? `<script type="application/json" id="${SEED_ELEMENT_ID}">${page.data}</script>` : '',
  }
  return shell.replace(/__DW_(LANG|KEY|TITLE|STYLES|ROOT|DATA)__/g, (_, name: string) => parts[name] ?? '')
}
