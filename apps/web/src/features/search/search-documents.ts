import type { Item, Server, Stage, Zone } from '@dropwise/schemas'
import { baseOf, isLocale, localized, type BaseLocale } from '../../lib/i18n'

/**
 * What the global search indexes (spec 000 §5, web-reference §2.7). Pure: the documents are built
 * from the datasets; the Fuse.js engine over them lives in ./search-engine (loaded on demand).
 */

/** Item types a player can search for (the public client's valid-type list). */
export const SEARCHABLE_ITEM_TYPES = ['MATERIAL', 'CARD_EXP', 'CHIP', 'FURN', 'ACTIVITY_ITEM'] as const

/** Fuse options from the spec: fuzzy threshold 0.45, extended search, location ignored. */
export const FUSE_OPTIONS = { includeScore: true, ignoreLocation: true, useExtendedSearch: true, threshold: 0.45 } as const
export const STAGE_KEYS = ['stageId', 'code', 'alias', 'pron'] as const
export const ITEM_KEYS = ['itemId', 'name', 'alias', 'pron'] as const
export { RESULT_ROW_HEIGHT, SEARCH_DEBOUNCE_MS } from './search-constants'

export interface StageDocument {
  stageId: string
  zoneId: string
  code: string
  alias: string[]
  pron: string[]
}
export interface ItemDocument {
  itemId: string
  name: string
  alias: string[]
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
  const syllables = entry.split('`').map((s) => s.trim()).filter(Boolean)
  if (syllables.length === 0) return []
  const spaced = syllables.join(' ')
  const joined = syllables.join('')
  const initials = spaced
    .split(/\s+/)
    .map((s) => s[0] ?? '')
    .join('')
  return [...new Set([spaced, joined, initials])]
}

type LangList = Record<string, string[]> | null | undefined

/** The list for the visitor's language (seaborn variants use their base), else the English one. */
export const listFor = (map: LangList, lang: BaseLocale): string[] => map?.[lang] ?? map?.en ?? []

const langOf = (locale: string): BaseLocale => (isLocale(locale) ? baseOf(locale) : 'en')

/** Stages have no alias or pronunciation in the v2 API today; they are indexed when present. */
type StageLike = Stage & { alias?: LangList; pron?: LangList }

const existsOn = (existence: Record<string, { exist: boolean } | undefined> | undefined, server: Server) => existence?.[server]?.exist ?? true

export const stageDocuments = (stages: readonly StageLike[], locale: string, server: Server): StageDocument[] => {
  const lang = langOf(locale)
  return stages
    .filter((s) => existsOn(s.existence, server))
    .map((s) => ({
      stageId: s.stageId,
      zoneId: s.zoneId,
      code: localized(s.code_i18n, s.code, locale),
      alias: listFor(s.alias, lang),
      pron: listFor(s.pron, lang).flatMap(expandPronunciation),
    }))
}

export const itemDocuments = (items: readonly Item[], locale: string, server: Server): ItemDocument[] => {
  const lang = langOf(locale)
  return items
    .filter((i) => (SEARCHABLE_ITEM_TYPES as readonly string[]).includes(i.itemType) && existsOn(i.existence, server))
    .map((i) => ({
      itemId: i.itemId,
      name: localized(i.name_i18n, i.name, locale),
      alias: listFor(i.alias, lang),
      pron: listFor(i.pron, lang).flatMap(expandPronunciation),
    }))
}

/** Zone names for result cards, keyed by zone id. */
export const zoneNames = (zones: readonly Zone[], locale: string) => new Map(zones.map((z) => [z.zoneId, { name: localized(z.zoneName_i18n, z.zoneName, locale), type: z.type }]))
