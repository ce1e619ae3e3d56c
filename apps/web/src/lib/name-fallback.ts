import { baseOf, FALLBACK_LOCALE, isLocale, type BaseLocale } from './i18n'

const HAN = /\p{Script=Han}/u

/**
 * The language a shown name is really in, when it is not the page's: 'zh' when the game has no name in the
 * page's language yet and the importer kept the Chinese one (the seed's `nameFrom: zh`, for materials and
 * boxes out on CN only). The answers carry the names, not where they came from; an English name never has
 * Han characters, so an English name equal to the Chinese one with Han characters is such a fill, and the
 * Japanese or Korean name equal to it then is one too (a Japanese name alone may be written like the Chinese).
 */
export const nameFallback = (map: Partial<Record<BaseLocale, string>> | undefined, locale: string): 'zh' | null => {
  const lang = baseOf(isLocale(locale) ? locale : FALLBACK_LOCALE)
  const zh = map?.zh
  if (lang === 'zh' || !zh || !HAN.test(zh)) return null
  const shown = map[lang] || map.en
  return shown === zh && (map.en === undefined || map.en === zh) ? 'zh' : null
}
