import type { Item, Server, Stage, Zone } from '@dropwise/schemas'
// The importer's pinyin of the Chinese zone names and stage codes (about 3 KB gzip), keyed by the name:
// the v2 API carries no pronunciation for zones and stages, and a pinyin dictionary would be ~140 KB gzip.
import SEED_PRON from '../../../../../data/seed/pron.json'
import { BASE_LOCALES, baseOf, isLocale, localized, type BaseLocale } from '../i18n'

/**
 * What the global search and the stage selector's search index (spec 000 §5, web-reference §2.7,
 * issue 17). Pure: the documents are built from the datasets; the Fuse.js engine over them lives in
 * ./search-engine (loaded on demand).
 *
 * Every name is indexed in all four languages, whatever the visitor's language: a player in the
 * English UI who knows an item as 固源岩 or gyy finds it as well as one typing "Orirock Cube", and
 * a zone as 骑兵与猎人, qibingyulieren or qbylr.
 */

/** Item types a player can search for (the public client's valid-type list). */
export const SEARCHABLE_ITEM_TYPES = ['MATERIAL', 'CARD_EXP', 'CHIP', 'FURN', 'ACTIVITY_ITEM'] as const

/** Fuse options from the spec: fuzzy threshold 0.45, extended search, location ignored. */
export const FUSE_OPTIONS = { includeScore: true, ignoreLocation: true, useExtendedSearch: true, threshold: 0.45 } as const
/**
 * The spec's keys (stageId, code, alias, pronunciation; itemId, name, alias, pronunciation) plus the
 * zone names of a stage. A match in a heavier key counts more; names and codes weigh most.
 */
export const STAGE_KEYS = [
  { name: 'stageId', weight: 1 },
  { name: 'code', weight: 3 },
  { name: 'alias', weight: 2 },
  { name: 'pron', weight: 2 },
  { name: 'zone', weight: 1 },
] as const
export const ITEM_KEYS = [
  { name: 'itemId', weight: 1 },
  { name: 'name', weight: 3 },
  { name: 'alias', weight: 2 },
  { name: 'pron', weight: 2 },
] as const
export { RESULT_ROW_HEIGHT, SEARCH_DEBOUNCE_MS } from './search-constants'

export interface StageDocument {
  stageId: string
  zoneId: string
  /** The code in every language, the visitor's first, without repeats. */
  code: string[]
  /** The zone's name in every language, the Hangul initials of the Korean one and the pinyin of the Chinese one. */
  zone: string[]
  alias: string[]
  pron: string[]
}
export interface ItemDocument {
  itemId: string
  /** The name in every language, the visitor's first, without repeats. */
  name: string[]
  alias: string[]
  /** Pronunciations of every language, expanded (see expandPronunciation), and Hangul initials. */
  pron: string[]
}

/** One hit: `type` is 'stages' or 'items'; any other type renders the fallback card. */
export interface SearchResult {
  type: 'stages' | 'items' | (string & {})
  score: number
  stageId?: string
  zoneId?: string
  itemId?: string
}

/**
 * A pronunciation entry uses backticks between syllables (`gu\`yuan\`yan`). It is indexed three
 * ways: syllables spaced (`gu yuan yan`), joined (`guyuanyan`) and the initials (`gyy`), so pinyin
 * and romaji are found whole, typed without spaces, or by their first letters.
 */
export const expandPronunciation = (entry: string): string[] => {
  const syllables = entry
    .split('`')
    .map((s) => s.trim())
    .filter(Boolean)
  if (syllables.length === 0) return []
  const spaced = syllables.join(' ')
  const joined = syllables.join('')
  const initials = spaced
    .split(/\s+/)
    .map((s) => s[0] ?? '')
    .join('')
  return [...new Set([spaced, joined, initials])]
}

// The 19 leading consonants of Hangul syllables, in Unicode order (compatibility jamo).
const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'
const HANGUL_FIRST = 0xac00
const HANGUL_LAST = 0xd7a3
/** Syllables per leading consonant (21 vowels × 28 finals). */
const PER_CHOSEONG = 588

/**
 * The leading consonants of a Korean name without spaces (`원암 큐브` → `ㅇㅇㅋㅂ`), the way Korean
 * players search by initials (초성 검색); other characters are kept. Null when there is no Hangul.
 */
export const hangulInitials = (text: string): string | null => {
  let found = false
  let out = ''
  for (const ch of text.replace(/\s+/g, '')) {
    const code = ch.codePointAt(0) ?? 0
    if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
      found = true
      out += CHOSEONG[Math.floor((code - HANGUL_FIRST) / PER_CHOSEONG)]
    } else out += ch
  }
  return found ? out : null
}

type LangList = Record<string, string[]> | null | undefined
type Names = Partial<Record<BaseLocale, string>> | undefined

/** Every list of the map (all languages), the visitor's language first, without repeats. */
export const allLists = (map: LangList, lang: BaseLocale): string[] => {
  if (!map) return []
  const first = map[lang] ?? []
  return [...new Set([...first, ...Object.entries(map).flatMap(([l, list]) => (l === lang ? [] : list))])]
}

/** The names in every language, the visitor's first (as the UI shows it), without repeats or blanks. */
export const allNames = (map: Names, base: string, locale: string): string[] => {
  const names = [localized(map, base, locale), ...BASE_LOCALES.map((l) => map?.[l] ?? ''), base]
  return [...new Set(names.map((n) => n.trim()).filter(Boolean))]
}

const withInitials = (names: readonly string[]) => names.flatMap((n) => hangulInitials(n) ?? [])

const PINYIN: Readonly<Record<string, readonly string[] | undefined>> = SEED_PRON.zh

/**
 * The pinyin of a Chinese zone name or stage code, expanded (see expandPronunciation): spaced,
 * joined and initials. Empty for a name the seed does not know (a zone newer than the build).
 */
export const pinyinOf = (zh: string): string[] => (PINYIN[zh] ?? []).flatMap(expandPronunciation)

const langOf = (locale: string): BaseLocale => (isLocale(locale) ? baseOf(locale) : 'en')

/** Stages have no alias or pronunciation in the v2 API today; they are indexed when present. */
type StageLike = Stage & { alias?: LangList; pron?: LangList }
type ZoneLike = Pick<Zone, 'zoneId' | 'zoneName' | 'zoneName_i18n'>

const existsOn = (existence: Record<string, { exist: boolean } | undefined> | undefined, server: Server) => existence?.[server]?.exist ?? true

/** Zone names (all languages and Korean initials) by zone id. */
const zoneTerms = (zones: readonly ZoneLike[], locale: string) =>
  new Map<string, string[]>(
    zones.map((z) => {
      const names = allNames(z.zoneName_i18n, z.zoneName, locale)
      return [z.zoneId, [...new Set([...names, ...withInitials(names), ...pinyinOf(z.zoneName_i18n.zh || z.zoneName)])]]
    }),
  )

export const stageDocuments = (stages: readonly StageLike[], zones: readonly ZoneLike[], locale: string, server: Server): StageDocument[] => {
  const lang = langOf(locale)
  const zoneOf = zoneTerms(zones, locale)
  return stages
    .filter((s) => existsOn(s.existence, server))
    .map((s) => ({
      stageId: s.stageId,
      zoneId: s.zoneId,
      code: allNames(s.code_i18n, s.code, locale),
      zone: zoneOf.get(s.zoneId) ?? [],
      alias: allLists(s.alias, lang),
      pron: [...new Set([...allLists(s.pron, lang).flatMap(expandPronunciation), ...pinyinOf(s.code_i18n.zh || s.code)])],
    }))
}

export const itemDocuments = (items: readonly Item[], locale: string, server: Server): ItemDocument[] => {
  const lang = langOf(locale)
  return items
    .filter((i) => (SEARCHABLE_ITEM_TYPES as readonly string[]).includes(i.itemType) && existsOn(i.existence, server))
    .map((i) => {
      const name = allNames(i.name_i18n, i.name, locale)
      const alias = allLists(i.alias, lang)
      const pron = [...allLists(i.pron, lang).flatMap(expandPronunciation), ...withInitials([...name, ...alias])]
      return { itemId: i.itemId, name, alias, pron: [...new Set(pron)] }
    })
}

/** Zone names for result cards, keyed by zone id. */
export const zoneNames = (zones: readonly Zone[], locale: string) =>
  new Map(zones.map((z) => [z.zoneId, { name: localized(z.zoneName_i18n, z.zoneName, locale), type: z.type }]))
