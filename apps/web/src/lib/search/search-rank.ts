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

/** The texts of one document, as search-documents builds them. */
export interface MatchFields {
  /** Code or name in every language. */
  primary: readonly string[]
  /** Id, aliases and pronunciations. */
  secondary: readonly string[]
  /** Text only searched inside (a stage's zone names). */
  context: readonly string[]
}

export const matchTier = ({ primary, secondary, context }: MatchFields, query: string): MatchTier => {
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

/**
 * The typing mistakes a fuzzy match may hold (issue 38): none below 4 characters (one mistake in "1-7"
 * is "1-8", "2-7", "11-6" and 270 more stages), one up to 7 ("kinght", "orirok"), two from 8
 * ("guard chp" is one). None in a query with a digit: that is a stage code, and "GT-5" or "S4-1" one
 * mistake away is another stage. Characters are counted after `normalize`, spaces included.
 */
export const typoBudget = (query: string): number => {
  const q = normalize(query)
  if (/\p{Nd}/u.test(q)) return 0
  const n = [...q].length
  return n < 4 ? 0 : n < 8 ? 1 : 2
}

/**
 * The fewest edits (insert, delete, replace, or swap two neighbours) that turn `q` into some part of
 * `text`: 0 when `text` contains `q`; at most the length of `q`. Both already normalised. O(|q|·|text|).
 */
export const typosWithin = (q: string, text: string): number => {
  const a = [...q]
  const b = [...text]
  const m = a.length
  // Three rows of the optimal-string-alignment table; row 0 is all zeros: the match may start anywhere in `text`.
  let before = new Array<number>(b.length + 1).fill(0)
  let prev = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= m; i++) {
    const row = new Array<number>(b.length + 1)
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1)
      row[j] = d
    }
    before = prev
    prev = row
  }
  return m === 0 ? 0 : Math.min(...prev)
}

/** The fewest typing mistakes of `query` in any text of the document (see typosWithin). */
export const fewestTypos = ({ primary, secondary, context }: MatchFields, query: string): number => {
  const q = normalize(query)
  let best = [...q].length
  for (const t of [...primary, ...secondary, ...context]) {
    best = Math.min(best, typosWithin(q, normalize(t)))
    if (best === 0) break
  }
  return best
}

export const stageFields = (d: StageDocument): MatchFields => ({ primary: d.code, secondary: [d.stageId, ...d.alias, ...d.pron], context: d.zone })
export const itemFields = (d: ItemDocument): MatchFields => ({ primary: d.name, secondary: [d.itemId, ...d.alias, ...d.pron], context: [] })
export const stageTier = (d: StageDocument, query: string) => matchTier(stageFields(d), query)
export const itemTier = (d: ItemDocument, query: string) => matchTier(itemFields(d), query)
