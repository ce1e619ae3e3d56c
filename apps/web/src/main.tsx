// First: before any module that could load zod, and before @emotion/react makes its cache (see the files).
import './lib/zod-jitless'
import './lib/emotion-adopt'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadPage } from './app/router'
import { effectiveStyle, resolveMode } from './features/settings/theme-style'
import { themeFor } from './features/settings/use-app-theme'
import { startDecoder } from './lib/dataset-decoder'
import { HOLDING_PAGE } from './lib/first-content'
import { prerenderKey, startHydration } from './lib/hydration'
import { DEFAULT_SOURCE, readPageSeeds, seedQueries } from './lib/page-seeds'
import { baseOf, detectLocale, initI18n, isLocale, isSeaborn } from './lib/i18n'
import { readUserCookie, removeUserCookie, adoptUserId, installApiHooks } from './lib/session'
import { dataSourceStore, settingsStore } from './lib/state'

installApiHooks()

// A `userID` cookie left by the server (e.g. after a report) logs the visitor in once.
const cookieUser = readUserCookie(document.cookie)
if (cookieUser) {
  adoptUserId(cookieUser)
  removeUserCookie()
}

const settings = settingsStore.get()
const locale = isLocale(settings.language) ? settings.language : detectLocale(navigator.languages ?? [navigator.language])

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/*
 * Not top-level await: the page chunk awaited below imports modules of this entry's chunk, and a
 * dynamic import cannot finish while the module importing it is still evaluating.
 */
const start = async () => {
  // Each step below in a task of its own: the module evaluation before it is a long task already.
  await nextTask()
  // The page being opened loads alongside the strings instead of after the first render (the inline
  // script in index.html asked for its chunks already: this finds the route and awaits them).
  const pageLoaded = preloadPage(location.pathname)
  // An item or a stage page's data is on its way already (index.html): its decoder starts loading too.
  if (HOLDING_PAGE.test(location.pathname)) startDecoder()
  await nextTask()
  await initI18n(locale)

  // The pre-rendered page variant that fits this visitor (lib/hydration.ts); app.tsx remembers it for the next visit.
  const matches = (q: string) => typeof matchMedia === 'function' && matchMedia(q).matches
  const style = effectiveStyle(settings.themeStyle, new Date())
  const mode = resolveMode(settings.dark, style, typeof matchMedia === 'function' ? matches('(prefers-color-scheme: dark)') : null)
  const key = prerenderKey(baseOf(locale), mode)

  const root = document.getElementById('root')
  // A server-rendered item, stage, report or statistics page carries the answers it was rendered from
  // (app/page-seed.ts), for the default data source: a visitor reading another (server, category,
  // personal) renders afresh.
  const source = dataSourceStore.get()
  const seeds = readPageSeeds(document)
  const seeded = seeds !== null && source.source === DEFAULT_SOURCE.source && source.server === DEFAULT_SOURCE.server && source.category === DEFAULT_SOURCE.category
  // Before any render: the page's hooks find their data (the lists marked old are fetched whole right after).
  // The query cache's module is imported here, not at the top: `/` must not wait for it (its budget).
  if (seeded) seedQueries((await import('./lib/data')).queryClient, seeds)
  // Hydrate the pre-rendered `/` or server-rendered page when it shows what this visitor would see: the
  // same language and colour mode, the default theme, a narrow screen (the phone layout was rendered;
  // the inline script in <head> hid it otherwise), and for a page with data, the default data source.
  // Anything else renders afresh over it.
  // The inline script's own reasons (`pre-off`: a stored plan on the planner) count too.
  const hidden = document.documentElement.classList.contains('pre-off')
  const hydrate = root?.dataset.prerender === key && !hidden && (seeds === null || seeded) && style === 'default' && !isSeaborn(locale) && !matches('(min-width: 900px)')
  // Hydration waits for the page's code, so the whole pre-rendered page hydrates in one pass.
  if (hydrate) await pageLoaded
  // The theme in a task of its own, between the module evaluation and the first render.
  await nextTask()
  themeFor(style, mode)
  await nextTask()
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  )
  // A transition: React renders (or hydrates) the first screen in slices and yields in between, so the
  // main thread has no long task (the pre-rendered page or the start screen is already painted).
  // `<html data-first-render>` says which happened (the e2e tests check it); a hydration that found
  // different markup is reported, and React then renders that part afresh.
  if (root) {
    document.documentElement.dataset.firstRender = hydrate ? 'hydrate' : 'fresh'
    if (hydrate) startHydration(location.pathname)
    startTransition(() => {
      if (hydrate)
        hydrateRoot(root, app, {
          onRecoverableError: (error) => {
            document.documentElement.dataset.firstRender = 'hydrate-mismatch'
            console.error('hydration of the pre-rendered page failed:', error)
          },
        })
      else createRoot(root).render(app)
    })
  }
}
void start()
