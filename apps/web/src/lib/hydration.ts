import { useDeferredValue } from 'react'

/*
 * The first load of `/`, `/search`, `/advanced` and `/planner` arrives pre-rendered (vite.config.ts `prerenderHome`,
 * src/ssr.tsx): the page in one language and one colour mode, with its styles, so the browser paints it
 * before any JavaScript runs. Item, stage, report and statistics pages arrive rendered by the server with their
 * data (apps/server plugins/web-pages.ts, app/page-seed.ts), the phone layout: values that depend on the
 * screen (a list or a table, named item tiles) start as on a phone while hydrating. The app then
 * hydrates those nodes instead of drawing them again, when what the visitor would see is what was
 * rendered (main.tsx compares `prerenderKey`s); else it renders afresh over them.
 *
 * While hydrating, a component must render what the build rendered. Values only the browser knows
 * (stored settings, data kept from an earlier visit, the random background) are read through
 * `useHydrated`: false in the build and during hydration, true right after and in a fresh render.
 */

/** The variant a pre-rendered page was rendered as: `<language>.<mode>`, e.g. `en.light`. */
export type Mode = 'light' | 'dark'
export const prerenderKey = (locale: string, mode: Mode) => `${locale}.${mode}`
/** The cookie by which the server picks the variant of `/` for the next visit (apps/server plugins/web.ts reads it). */
export const PRERENDER_COOKIE = 'dropwise-home'

let hints: { systemDark: boolean | null } = { systemDark: null }
/**
 * What the build assumed the browser reports (the OS colour scheme): the server snapshot of the
 * hooks that read it, so hydration renders the same theme as the build did.
 */
export const setHydrationHints = (next: { systemDark: boolean | null }) => {
  hints = next
}
export const hydrationHints = () => hints

/** The address whose pre-rendered page is being hydrated (main.tsx), until the visitor goes elsewhere. */
let hydratingPath: string | null = null
export const startHydration = (path: string) => {
  hydratingPath = path
}
/** Whether the page being rendered is the server-rendered one, hydrating (or after it, on the same address). */
export const isHydrating = () => {
  if (typeof window === 'undefined') return true // the build's pre-render
  if (hydratingPath !== null && location.pathname !== hydratingPath) hydratingPath = null
  return hydratingPath !== null
}

/**
 * false while the build renders and while the page hydrates, then true; true from the start in a
 * fresh render. A deferred value: React switches it in a render of its own that yields like a
 * transition, right after the hydration (not with useSyncExternalStore's server snapshot, whose
 * switch React renders synchronously, in one long task with whatever else is pending).
 */
export const useHydrated = () => useDeferredValue(true, isHydrating() ? false : undefined)

/** Remembers the variant this visitor sees, so the server sends that one next time (a year, this site only). */
export const rememberPrerenderVariant = (key: string) => {
  if (typeof document === 'undefined') return
  document.cookie = `${PRERENDER_COOKIE}=${key}; path=/; max-age=31536000; SameSite=Lax`
}

/** Drops that cookie (reset-all). */
export const forgetPrerenderVariant = () => {
  if (typeof document === 'undefined') return
  document.cookie = `${PRERENDER_COOKIE}=; path=/; max-age=0; SameSite=Lax`
}
