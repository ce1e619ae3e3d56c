import { sha256Hex } from './sha256'

/**
 * Drop patterns and pattern-matrix numbers (api-v2.md §10.1, §10.5, §8.2).
 * A drop pattern is the item → total quantity map of one report, drop types ignored.
 */

/** One entry of a drop pattern. */
export interface PatternDrop {
  readonly itemId: string
  readonly quantity: number
}

/** Per-stage cap of the pattern matrix without `show_all_patterns` (§8.2). */
export const PATTERN_CAP = 19

/** Stage id of recruitment reports, excluded from the pattern matrix and site stats (§7.3). */
export const RECRUIT_STAGE_ID = 'recruit'

/**
 * Canonical form of a pattern: entries of the same item summed, entries with quantity ≤ 0 removed,
 * sorted by `itemId` in code-unit order (not locale order, so every runtime agrees).
 * `[]` is the empty pattern ("dropped nothing").
 */
export const canonicalPattern = (drops: readonly PatternDrop[]): PatternDrop[] => {
  const totals = new Map<string, number>()
  for (const d of drops) totals.set(d.itemId, (totals.get(d.itemId) ?? 0) + d.quantity)
  return [...totals]
    .filter(([, quantity]) => quantity > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([itemId, quantity]) => ({ itemId, quantity }))
}

/**
 * The storage key of a pattern: its canonical entries as `itemId:quantity` joined by `,`
 * (e.g. `2002:1,2003:1,2004:3`); the empty pattern is `''`. Independent of input order and of how
 * quantities of one item were split. Item ids must not contain `,`.
 */
export const patternKey = (drops: readonly PatternDrop[]): string =>
  canonicalPattern(drops)
    .map((d) => `${d.itemId}:${d.quantity}`)
    .join(',')

/**
 * Parses a {@link patternKey} back into canonical entries, or `null` when malformed (an entry without
 * `:`, an empty id, or a quantity that is not a positive integer). `''` → `[]`.
 */
export const parsePatternKey = (key: string): PatternDrop[] | null => {
  if (key === '') return []
  const drops: PatternDrop[] = []
  for (const part of key.split(',')) {
    const colon = part.lastIndexOf(':')
    const itemId = part.slice(0, colon)
    const quantityText = part.slice(colon + 1)
    if (colon <= 0 || !/^[1-9]\d*$/.test(quantityText)) return null
    drops.push({ itemId, quantity: Number(quantityText) })
  }
  return drops
}

/**
 * Pattern hash for deduplicating patterns in storage: SHA-256 (hex, 64 chars) of {@link patternKey}.
 * Equal patterns hash equally regardless of entry order or splitting.
 */
export const patternHash = (drops: readonly PatternDrop[]): string => sha256Hex(patternKey(drops))

/**
 * Whether a report feeds the pattern matrix (§10.5): exactly one run, and its stage is neither a
 * gacha-box stage nor `recruit`.
 */
export const countsForPatterns = (report: { readonly stageId: string; readonly isGacha?: boolean; readonly times: number }): boolean =>
  report.times === 1 && report.isGacha !== true && report.stageId !== RECRUIT_STAGE_ID

/** One day's pattern counts of a stage: single-run reports and reports per pattern key (or hash). */
export interface PatternDay {
  /** Single-run reports of the stage that day. */
  readonly times: number
  /** Pattern key/hash → number of those reports with exactly that pattern. */
  readonly patterns: Readonly<Record<string, number>>
}

/**
 * Pattern-matrix numbers of a stage from its day rows (§10.5): `times` = Σ single-run reports,
 * and per pattern `quantity` = Σ its counts. Patterns whose total is 0 are dropped.
 */
export const sumPatternDays = (days: readonly PatternDay[]): { times: number; patterns: Map<string, number> } => {
  let times = 0
  const patterns = new Map<string, number>()
  for (const day of days) {
    times += day.times
    for (const [key, count] of Object.entries(day.patterns)) patterns.set(key, (patterns.get(key) ?? 0) + count)
  }
  for (const [key, count] of patterns) if (count === 0) patterns.delete(key)
  return { times, patterns }
}

/**
 * The `limit` patterns (default {@link PATTERN_CAP}) with the highest `quantity`, highest first (§8.2,
 * "Ours"). Ties are broken by `tieKey` ascending when given (pass the pattern key for output that does
 * not depend on query order), then by input order. `limit` ≤ 0 → `[]`; the input is not modified.
 */
export const topPatterns = <T extends { readonly quantity: number }>(patterns: readonly T[], limit: number = PATTERN_CAP, tieKey?: (pattern: T) => string): T[] => {
  if (limit <= 0) return []
  const indexed = patterns.map((p, i) => ({ p, i, k: tieKey?.(p) ?? '' }))
  indexed.sort((a, b) => b.p.quantity - a.p.quantity || (a.k < b.k ? -1 : a.k > b.k ? 1 : 0) || a.i - b.i)
  return indexed.slice(0, limit).map((x) => x.p)
}

/**
 * Applies {@link topPatterns} per stage: keeps at most `limit` elements per `stageId`. Stages appear in
 * order of first appearance; within a stage, highest quantity first.
 */
export const capPatternsPerStage = <T extends { readonly stageId: string; readonly quantity: number }>(
  elements: readonly T[],
  limit: number = PATTERN_CAP,
  tieKey?: (pattern: T) => string,
): T[] => {
  const byStage = new Map<string, T[]>()
  for (const e of elements) {
    const list = byStage.get(e.stageId)
    if (list === undefined) byStage.set(e.stageId, [e])
    else list.push(e)
  }
  return [...byStage.values()].flatMap((list) => topPatterns(list, limit, tieKey))
}

/**
 * Orders pattern entries for the wire (§5.6): by item `sortId` ascending; items without a sort id go
 * last; ties by `itemId`. Returns a new array.
 */
export const sortPatternDrops = <T extends PatternDrop>(drops: readonly T[], sortIdOf: (itemId: string) => number | undefined): T[] =>
  [...drops].sort((a, b) => {
    const sa = sortIdOf(a.itemId) ?? Infinity
    const sb = sortIdOf(b.itemId) ?? Infinity
    if (sa !== sb) return sa < sb ? -1 : 1
    return a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0
  })
