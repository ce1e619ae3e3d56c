import { LANGUAGES, type Language } from '@dropwise/schemas'

/**
 * Recruitment tags (api-v2.md §7.2 step 4, §7.3): MAA reports stage `recruit` with the tag's display
 * name as `itemId`; tags are items of type `RECRUIT_TAG` whose `name_i18n` holds the text per language.
 */

/** Item type of recruitment tags. */
export const RECRUIT_TAG_ITEM_TYPE = 'RECRUIT_TAG'

/** What the lookup needs of an item. */
export interface RecruitTagItem {
  readonly itemId: string
  readonly itemType: string
  readonly name_i18n: Partial<Record<Language, string | null | undefined>>
}

/** Tag text or id → item id of the tag. */
export type RecruitTagLookup = ReadonlyMap<string, string>

/**
 * Builds the lookup table: for every `RECRUIT_TAG` item, its id and every non-empty name in every
 * language map to its id; other items are ignored. Matching is exact (no trimming, case-sensitive).
 * On conflicts an id beats a name, and among names the first item (input order) wins.
 */
export const buildRecruitTagLookup = (items: readonly RecruitTagItem[]): RecruitTagLookup => {
  const tags = items.filter((i) => i.itemType === RECRUIT_TAG_ITEM_TYPE)
  const lookup = new Map<string, string>()
  for (const tag of tags) lookup.set(tag.itemId, tag.itemId)
  for (const tag of tags) {
    for (const language of LANGUAGES) {
      const name = tag.name_i18n[language]
      if (name !== undefined && name !== null && name !== '' && !lookup.has(name)) lookup.set(name, tag.itemId)
    }
  }
  return lookup
}

/** Result of translating the tags of a recruit report. */
export type RecruitTagResolution<T> = { readonly ok: true; readonly drops: T[] } | { readonly ok: false; readonly reason: 'unknown-recruit-tag'; readonly tag: string }

/**
 * Translates each drop's `itemId` (a tag id or a name in any language) to the tag's item id. The first
 * drop that is neither fails the whole report: the API answers 400 `INVALID_REQUEST`
 * `unexpected recruit tag '<tag>': not found` ({@link recruitTagErrorMessage}). No drops → ok `[]`.
 */
export const resolveRecruitTags = <T extends { readonly itemId: string }>(drops: readonly T[], lookup: RecruitTagLookup): RecruitTagResolution<T> => {
  const resolved: T[] = []
  for (const drop of drops) {
    const itemId = lookup.get(drop.itemId)
    if (itemId === undefined) return { ok: false, reason: 'unknown-recruit-tag', tag: drop.itemId }
    resolved.push({ ...drop, itemId })
  }
  return { ok: true, drops: resolved }
}

/** The API's message for an unknown tag (§7.2 step 4). */
export const recruitTagErrorMessage = (tag: string): string => `unexpected recruit tag '${tag}': not found`
