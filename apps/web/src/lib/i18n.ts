import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'

/** Base locales (zh default, en fallback) and their seaborn variants (offered only under that theme). */
export const BASE_LOCALES = ['zh', 'en', 'ja', 'ko'] as const
export type BaseLocale = (typeof BASE_LOCALES)[number]
export const SEABORN_LOCALES = ['zh-x-seaborn', 'en-x-seaborn', 'ja-x-seaborn', 'ko-x-seaborn'] as const
export type Locale = BaseLocale | (typeof SEABORN_LOCALES)[number]
export const ALL_LOCALES: readonly Locale[] = [...BASE_LOCALES, ...SEABORN_LOCALES]
export const DEFAULT_LOCALE: BaseLocale = 'zh'
export const FALLBACK_LOCALE: BaseLocale = 'en'

/**
 * Locale files all load on demand (en too: the four base locales are complete, which a test checks,
 * so the fallback is only fetched when it is the language in use). The shell's strings are in
 * `locales/<file>.json`; each feature keeps its own in `locales/<feature>/<file>.json` under its own
 * top-level key; all are merged into the one namespace. The build bundles them per language in two
 * chunks (vite.config.ts): the start set (the shell and `browse`, which the home page uses), loaded
 * before the first render, and the page set (every other feature), loaded with any page but home
 * (`loadPageLocales`, called by the route table's page loader) so the first load of `/` skips it. The
 * shell's dialogs (login, my reports, settings) keep their strings in `locales/shell/` (under the shell's
 * top-level keys `auth`, `settings`, `reset`, beside the few the bar itself shows) and load them with the page
 * set as they open.
 */
const startLoaders = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*.json', '../locales/browse/*.json'])
// One module per language holds the page set (locales/page-set/): the start chunk names 4 loaders, not 52.
const pageLoaders = import.meta.glob<{ default: Record<string, unknown>[] }>('../locales/page-set/*.ts')
const loadersOf = (file: string, set: 'start' | 'pages'): (() => Promise<Record<string, unknown>[]>)[] =>
  set === 'start'
    ? Object.entries(startLoaders)
        .filter(([path]) => path.endsWith(`/${file}.json`))
        .map(([, load]) => async () => [(await load()).default])
    : Object.entries(pageLoaders)
        .filter(([path]) => path.endsWith(`/${file.toLowerCase()}.ts`))
        .map(
          ([, load]) =>
            async () =>
              (await load()).default,
        )
const fileOf: Record<Locale, string> = {
  zh: 'zh-CN',
  en: 'en',
  ja: 'ja-JP',
  ko: 'ko-KR',
  'zh-x-seaborn': 'zh-CN-x-seaborn',
  'en-x-seaborn': 'en-x-seaborn',
  'ja-x-seaborn': 'ja-JP-x-seaborn',
  'ko-x-seaborn': 'ko-KR-x-seaborn',
}

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (ALL_LOCALES as readonly string[]).includes(v)
export const baseOf = (l: Locale): BaseLocale => l.split('-')[0] as BaseLocale
export const seabornOf = (l: Locale): Locale => `${baseOf(l)}-x-seaborn` as Locale
export const isSeaborn = (l: Locale) => l.endsWith('-x-seaborn')

/** First browser language we support (part before the region), else zh. */
export const detectLocale = (languages: readonly string[]): BaseLocale => {
  for (const lang of languages) {
    const part = lang.toLowerCase().split('-')[0]
    if ((BASE_LOCALES as readonly string[]).includes(part ?? '')) return part as BaseLocale
  }
  return DEFAULT_LOCALE
}

/** Which sets are in i18next per locale (a set is added once, in one go). */
const loadedSets = new Map<Locale, Set<'start' | 'pages'>>()
let pagesWanted = false

const loadResources = async (locale: Locale) => {
  const chain = isSeaborn(locale) ? [baseOf(locale), locale] : [locale]
  const sets = pagesWanted ? (['start', 'pages'] as const) : (['start'] as const)
  await Promise.all(
    chain.flatMap((l) =>
      sets.map(async (set) => {
        const done = loadedSets.get(l) ?? new Set()
        loadedSets.set(l, done)
        if (done.has(set)) return
        const bundles = (await Promise.all(loadersOf(fileOf[l], set).map((load) => load()))).flat()
        if (done.has(set)) return
        done.add(set)
        for (const bundle of bundles) i18next.addResourceBundle(l, 'translation', bundle, true, true)
      }),
    ),
  )
}

/** The feature strings of every page but home, for the current language (and any later one). */
export const loadPageLocales = () => {
  pagesWanted = true
  const current = i18next.language
  return isLocale(current) ? loadResources(current) : Promise.resolve()
}

export const initI18n = async (locale: Locale) => {
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: (code) => (isLocale(code) && isSeaborn(code) ? [baseOf(code), FALLBACK_LOCALE] : [FALLBACK_LOCALE]),
    supportedLngs: [...ALL_LOCALES],
    load: 'currentOnly',
    cleanCode: true,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Page strings arrive after the first render: components re-render when a bundle is added.
    react: { bindI18nStore: 'added' },
  })
  await loadResources(locale)
  await i18next.changeLanguage(locale)
  applyDocumentLocale(locale)
}

export const changeLocale = async (locale: Locale) => {
  await loadResources(locale)
  await i18next.changeLanguage(locale)
  applyDocumentLocale(locale)
}

const htmlLang: Record<BaseLocale, string> = { zh: 'zh-CN', en: 'en', ja: 'ja', ko: 'ko' }

/** `<html lang>` and a noindex robots tag for the seaborn variants. */
const applyDocumentLocale = (locale: Locale) => {
  if (typeof document === 'undefined') return // the build's pre-render writes <html lang> itself
  const lang = htmlLang[baseOf(locale)]
  // Only a change: Chromium restyles the whole document whenever `lang` is set, even to the value it has
  // (the `:lang()` state of every element), and a rendered page comes with the right one.
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang
  let robots = document.querySelector<HTMLMetaElement>('meta[name="robots"]')
  if (isSeaborn(locale)) {
    if (!robots) {
      robots = document.createElement('meta')
      robots.name = 'robots'
      document.head.appendChild(robots)
    }
    robots.content = 'noindex'
  } else robots?.remove()
}

/** The localized value of a `<field>_i18n` map, falling back to en, then the base field. */
export const localized = (map: Partial<Record<BaseLocale, string>> | undefined, base: string, locale: string) => {
  const lang = baseOf(isLocale(locale) ? locale : FALLBACK_LOCALE)
  return map?.[lang] || map?.en || base
}

export { i18next }
