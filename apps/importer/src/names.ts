import type { I18n, NameFrom, NameSource } from '@dropwise/schemas'

/** The languages a name can lack: Chinese is every record's own (Penguin's and the game's data are CN-first). */
export const OTHER_LANGS = ['en', 'ja', 'ko'] as const
export type OtherLang = (typeof OTHER_LANGS)[number]

const HAN = /\p{Script=Han}/u

/** Whether a string holds a Chinese character (a Han ideograph; kana and hangul are not). */
export const hasHan = (s: string): boolean => HAN.test(s)

/**
 * Whether a record's name in `lang` is missing: a copy of its Chinese name (what Penguin and the importer put
 * where a language had no name) in Chinese characters. Japanese writes kanji too (序章, 春分 are Japanese
 * names), so a Japanese copy counts as missing only when the record has no translation in English or Korean either.
 */
export const isMissingName = (names: I18n, lang: OtherLang): boolean => {
  if (names[lang] !== names.zh || !hasHan(names.zh)) return false
  return lang !== 'ja' || names.en === names.zh || names.ko === names.zh
}

/** One source of names to fill from, tried in the order given. */
export interface NameCandidate {
  source: Exclude<NameSource, 'zh'>
  names: Partial<Record<OtherLang, string | undefined>>
}

/**
 * Fills every missing language (`isMissingName`) from the first candidate that has a readable name for it
 * (English and Korean ones must hold no Chinese characters), and says per filled language where its name
 * came from; a language no candidate fills keeps the Chinese copy, marked `zh`. Present names stay as they are.
 */
export const fillNames = (names: I18n, candidates: readonly NameCandidate[]): { names: I18n; from: NameFrom } => {
  const out: I18n = { zh: names.zh, en: names.en, ja: names.ja, ko: names.ko }
  const from: NameFrom = {}
  for (const lang of OTHER_LANGS) {
    if (!isMissingName(names, lang)) continue
    const hit = candidates.find((c) => {
      const name = c.names[lang]?.trim()
      return !!name && (lang === 'ja' || !hasHan(name))
    })
    const name = hit?.names[lang]?.trim()
    if (hit && name) {
      out[lang] = name
      from[lang] = hit.source
    } else from[lang] = 'zh'
  }
  return { names: out, from }
}

/** Merges two markers (the later wins per language); undefined when there is nothing to say. */
export const mergeNameFrom = (a: NameFrom | undefined, b: NameFrom): NameFrom | undefined => {
  const merged: NameFrom = { ...a, ...b }
  const ordered: NameFrom = {}
  for (const lang of OTHER_LANGS) if (merged[lang]) ordered[lang] = merged[lang]
  return Object.keys(ordered).length > 0 ? ordered : undefined
}
