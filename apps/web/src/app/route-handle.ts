import type { ParseKeys } from 'i18next'

/** Meta of a route: spec name, translated title, menu flags. */
export interface RouteHandle {
  name: string
  title?: ParseKeys
  hide?: boolean
  beta?: boolean
}

/** Titles of the matched routes, innermost first, joined, then the app name (spec 000 §2). */
export const buildTitle = (titles: string[], appName: string, sep: string, appSep: string) => {
  const parts = titles.filter(Boolean).reverse()
  return parts.length ? `${parts.join(sep)}${appSep}${appName}` : appName
}
