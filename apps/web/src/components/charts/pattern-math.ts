import type { PatternElement } from '@dropwise/schemas'

/** Pure helpers of the drop-pattern panel (web-reference §2.4). Shares are fractions (0..1). */

export const OTHERS = '__others__' as const
export const PIE_LABELLED = 10
export const PIE_NAMED = 5

export interface PatternRow {
  /** 1-based position after sorting. */
  i: number
  /** Item drops of the pattern ([] = nothing dropped), or the "others" marker. */
  drops: PatternElement['pattern']['drops'] | typeof OTHERS
  quantity: number
  times: number
  /** quantity / times. */
  share: number
}

export interface PatternSummary {
  rows: PatternRow[]
  times: number
  start: number
  end: number | null
}

/**
 * The stage's pattern rows sorted by share (descending; ties by quantity then original order),
 * numbered from 1, with an "others" row when the listed patterns cover fewer runs than `times`
 * (the server keeps at most 19 patterns per stage). Null when the stage has no patterns.
 */
export const summarizePatterns = (elements: readonly PatternElement[], stageId: string): PatternSummary | null => {
  const own = elements.filter((e) => e.stageId === stageId && e.times > 0)
  const first = own[0]
  if (!first) return null
  const times = first.times
  const sorted = own.map((e, index) => ({ e, index })).sort((a, b) => b.e.quantity / b.e.times - a.e.quantity / a.e.times || a.index - b.index)
  const rows: PatternRow[] = sorted.map(({ e }, k) => ({
    i: k + 1,
    drops: e.pattern.drops,
    quantity: e.quantity,
    times: e.times,
    share: e.quantity / e.times,
  }))
  const covered = rows.reduce((s, r) => s + r.quantity, 0)
  if (covered < times) rows.push({ i: rows.length + 1, drops: OTHERS, quantity: times - covered, times, share: (times - covered) / times })
  return { rows, times, start: first.start, end: first.end }
}

/** Pie slices: each row's quantity over the sum of all rows (others included). */
export const pieShares = (rows: readonly PatternRow[]): number[] => {
  const total = rows.reduce((s, r) => s + r.quantity, 0)
  return rows.map((r) => (total > 0 ? r.quantity / total : 0))
}

/** Text of a pattern: `q×name` joined by ` + ` (recruit: names joined by `, `). */
export const patternText = (drops: PatternRow['drops'], nameOf: (itemId: string) => string, words: { empty: string; others: string }, recruit = false): string => {
  if (drops === OTHERS) return words.others
  if (drops.length === 0) return words.empty
  return recruit ? drops.map((d) => nameOf(d.itemId)).join(', ') : drops.map((d) => `${d.quantity}×${nameOf(d.itemId)}`).join(' + ')
}

/** Pie label: `#i — x.x %` for the first 10 rows, prefixed by the pattern's short name for the first 5; '' after. */
export const pieLabel = (row: PatternRow, pieShare: string, name: string): string => {
  if (row.i > PIE_LABELLED) return ''
  const base = `#${row.i} — ${pieShare}`
  return row.i <= PIE_NAMED ? `${name}\n${base}` : base
}

/** Drops (`itemId:quantity`) that every listed pattern has: they tell no pattern from another. */
export const commonDrops = (rows: readonly PatternRow[]): { itemId: string; quantity: number }[] => {
  const lists = rows.flatMap((r) => (r.drops === OTHERS ? [] : [r.drops]))
  const [first, ...rest] = lists
  if (!first || rest.length === 0) return []
  return first.filter((d) => rest.every((l) => l.some((o) => o.itemId === d.itemId && o.quantity === d.quantity)))
}

/**
 * Short, distinguishable names for the pie (issue #17: every label read "1×Drill Battle Re…"): the
 * drops all patterns share are left out and the rest is written `+q×name`; a pattern that is only the
 * shared drops reads `words.commonOnly`. Without shared drops the names are those of `patternText`.
 * Within a label, the drops fewer patterns have come first (issue 38: "+2×Orirock Cube +1×Sugar" and
 * "+2×Orirock Cube +1×Ester" both began "+2×Orirock Cube"), so two labels differ from their first item.
 */
export const distinctPatternTexts = (
  rows: readonly PatternRow[],
  nameOf: (itemId: string) => string,
  words: { empty: string; others: string; commonOnly: string },
  recruit = false,
): string[] => {
  const key = (d: { itemId: string; quantity: number }) => `${d.itemId}:${d.quantity}`
  const common = recruit ? [] : commonDrops(rows)
  const shared = new Set(common.map(key))
  const patternsWith = new Map<string, number>()
  for (const r of rows) if (r.drops !== OTHERS) for (const k of new Set(r.drops.map(key))) patternsWith.set(k, (patternsWith.get(k) ?? 0) + 1)
  const rarestFirst = (drops: { itemId: string; quantity: number }[]) =>
    recruit ? drops : [...drops].sort((a, b) => (patternsWith.get(key(a)) ?? 0) - (patternsWith.get(key(b)) ?? 0))
  return rows.map((r) => {
    if (r.drops === OTHERS) return words.others
    if (common.length === 0) return patternText(rarestFirst(r.drops), nameOf, words, recruit)
    const rest = rarestFirst(r.drops.filter((d) => !shared.has(key(d))))
    return rest.length === 0 ? words.commonOnly : rest.map((d) => `+${d.quantity}×${nameOf(d.itemId)}`).join(' ')
  })
}
