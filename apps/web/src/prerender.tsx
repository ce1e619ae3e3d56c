/**
 * The build's pre-render of `/` and the other pages in `PRERENDERED_PATHS` (run by vite.config.ts
 * `prerenderHome` in Node, never shipped to the browser): the real app at that address, rendered once
 * per language and colour mode as a first visitor sees it, with the emotion styles it used. The
 * browser paints that HTML at once and the app hydrates it (main.tsx). Everything here is the app's own code; only the router's history (memory), the storage
 * (memory) and the OS colour scheme (`setHydrationHints`) stand in for the browser.
 */
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { prerender } from 'react-dom/static'
import { App, pageTitle } from './app/app'
import { queryClient } from './lib/data'
import { prerenderAt } from './lib/history'
import { prerenderKey, setHydrationHints, type Mode } from './lib/hydration'
import { changeLocale, i18next, initI18n, type BaseLocale } from './lib/i18n'

export interface PrerenderedPage {
  /** `<language>.<mode>` (lib/hydration.ts `prerenderKey`). */
  key: string
  /** The markup inside `#root`. */
  html: string
  /** `<style data-emotion="…">` tags for `<head>`: emotion adopts them on hydration instead of inserting the rules again. */
  styles: string
  title: string
}

let started = false

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

/**
 * The addresses the build pre-renders: pages whose first render holds no data a visitor could have
 * stored (or reads it through `useHydrated`), so what the build draws is what the browser would draw.
 * The server sends them for the bare address only (apps/server plugins/web.ts): `/search?q=…` shows
 * results the build cannot know.
 */
export const PRERENDERED_PATHS = ['/', '/search'] as const

export const renderPage = async (path: (typeof PRERENDERED_PATHS)[number], locale: BaseLocale, mode: Mode): Promise<PrerenderedPage> => {
  if (!started) await initI18n(locale)
  else await changeLocale(locale)
  started = true
  setHydrationHints({ systemDark: mode === 'dark' })
  prerenderAt(path)
  queryClient.clear()
  const cache = createCache({ key: 'css' })
  // As on the server emotion keeps each rule as text instead of inserting it (what @emotion/server reads).
  cache.compat = true
  const errors: unknown[] = []
  // `prerender` waits for the lazy page (and anything else suspending), unlike renderToString.
  // One chunk: no boundary is outlined behind a fallback (React does that above 12.8 KB by default).
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <App />
    </CacheProvider>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: (err) => void errors.push(err) },
  )
  const html = await new Response(prelude).text()
  // Queries the render created hold timers (their cache time) that would keep the build running.
  queryClient.clear()
  if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]))
  return {
    key: prerenderKey(locale, mode),
    html,
    styles: styleTags(cache),
    title: pageTitle(path, i18next.t.bind(i18next)),
  }
}
