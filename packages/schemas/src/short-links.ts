import { pageHref } from './pages'

/** What the short-link rule reads of items and stages (the API's item and stage rows fit). */
export interface ShortLinkItem {
  itemId: string
  name_i18n: Partial<Record<string, string>>
}
export interface ShortLinkStage {
  stageId: string
  zoneId: string
  code_i18n: Partial<Record<string, string>>
}

/** The longest word a short link resolves; a longer one leads home. */
export const SHORT_WORD_MAX = 128

const FIXED: Record<string, string> = { item: pageHref.itemList(), stage: pageHref.stageList(), planner: pageHref.planner() }
const lowered = (texts: Partial<Record<string, string>>) => Object.values(texts).flatMap((t) => (t ? [t.toLowerCase()] : []))

/**
 * Where `/short/<word>` leads (api-v2.md §9.2 as Dropwise applies it; the server redirects by it and the web app's
 * share dialog picks words by it): the fixed words; an item whose name in any language is the word, then one whose
 * name contains it (固源岩 is not 固源岩组); a stage by its code the same way; an item id; a stage id; else a search.
 * `word` is already decoded; it is trimmed here.
 */
export const resolveShortWord = (raw: string, items: readonly ShortLinkItem[], stages: readonly ShortLinkStage[]): string => {
  const word = raw.trim()
  if (!word || word.length > SHORT_WORD_MAX) return '/'
  const fixed = FIXED[word]
  if (fixed) return fixed
  const needle = word.toLowerCase()
  const byName = items.find((i) => lowered(i.name_i18n).includes(needle)) ?? items.find((i) => lowered(i.name_i18n).some((n) => n.includes(needle)))
  if (byName) return pageHref.item(byName.itemId)
  const byCode = stages.find((s) => lowered(s.code_i18n).includes(needle)) ?? stages.find((s) => lowered(s.code_i18n).some((c) => c.includes(needle)))
  if (byCode) return pageHref.stage(byCode.zoneId, byCode.stageId)
  if (items.some((i) => i.itemId === word)) return pageHref.item(word)
  const stage = stages.find((s) => s.stageId === word)
  if (stage) return pageHref.stage(stage.zoneId, stage.stageId)
  return pageHref.search(word)
}
