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
 * so the fallback is only fetched when it is the language in use).
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json')
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

const loadResources = async (locale: Locale) => {
  const chain = isSeaborn(locale) ? [baseOf(locale), locale] : [locale]
  for (const l of chain) {
    if (i18next.hasResourceBundle(l, 'translation')) continue
    const loader = loaders[`../locales/${fileOf[l]}.json`]
    if (!loader) continue
    const mod = await loader()
    i18next.addResourceBundle(l, 'translation', mod.default, true, true)
  }
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
  document.documentElement.lang = htmlLang[baseOf(locale)]
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
