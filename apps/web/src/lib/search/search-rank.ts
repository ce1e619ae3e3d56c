import type { ItemDocument, StageDocument } from './search-documents'

/**
 * How well a document answers a query, before Fuse's fuzzy score: 0 the code or name itself, 1 an
 * id, alias or pronunciation itself, 2 a code or name that starts with the query, 3 a word of any
 * indexed text (zone names included) that starts with it, 4 any indexed text that contains it, 5 a
 * fuzzy match only. Results are ordered by this tier, then by Fuse's score, so "1-7" puts stage 1-7
 * first, "gyy" puts 固源岩 first and "knight" puts The Knight & The Hunters before Darknights
 * Memoir, even where another text scores as well fuzzily. Pure.
 */
export type MatchTier = 0 | 1 | 2 | 3 | 4 | 5

/** Width, case and spacing folded: `ＧＴ－５` and `gt-5` and ` GT-5 ` compare equal. */
export const normalize = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()

interface Fields {
  /** Code or name in every language. */
  primary: readonly string[]
  /** Id, aliases and pronunciations. */
  secondary: readonly string[]
  /** Text only searched inside (a stage's zone names). */
  context: readonly string[]
}

export const matchTier = ({ primary, secondary, context }: Fields, query: string): MatchTier => {
  const q = normalize(query)
  if (!q) return 5
  const p = primary.map(normalize)
  const s = secondary.map(normalize)
  if (p.includes(q)) return 0
  if (s.includes(q)) return 1
  if (p.some((t) => t.startsWith(q))) return 2
  const all = [...p, ...s, ...context.map(normalize)]
  if (all.some((t) => startsAWord(t, q))) return 3
  if (all.some((t) => t.includes(q))) return 4
  return 5
}

/** Whether `q` occurs in `text` at the start of a word (after a space or punctuation). */
const startsAWord = (text: string, q: string) => {
  for (let i = text.indexOf(q); i !== -1; i = text.indexOf(q, i + 1)) if (i === 0 || /[\s\p{P}\p{S}]/u.test(text[i - 1]!)) return true
  return false
}

export const stageTier = (d: StageDocument, query: string) => matchTier({ primary: d.code, secondary: [d.stageId, ...d.alias, ...d.pron], context: d.zone }, query)
export const itemTier = (d: ItemDocument, query: string) => matchTier({ primary: d.name, secondary: [d.itemId, ...d.alias, ...d.pron], context: [] }, query)
