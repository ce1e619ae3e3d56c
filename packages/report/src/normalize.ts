import type { DropType } from '@dropwise/schemas'
import { type PatternDrop, canonicalPattern } from '@dropwise/stats'
import { type ReportDropType, canonicalDropType } from './drop-table'

/**
 * Report normalisation, api-v2.md §7.2 steps 6-7, and the drop pattern stored with a report (§7.4).
 */

/** A drop as submitted (after shape validation): `quantity` is an integer 1..1000. */
export interface SubmittedDrop {
  readonly dropType: ReportDropType
  readonly itemId: string
  readonly quantity: number
}

/** A drop after normalisation: canonical type, known item, one entry per (type, item). */
export interface NormalizedDrop {
  readonly dropType: DropType
  readonly itemId: string
  readonly quantity: number
}

/** Known item ids: a set, or a predicate (e.g. a lookup in a loaded item table). */
export type KnownItems = ReadonlySet<string> | ((itemId: string) => boolean)

const isKnown = (known: KnownItems, itemId: string): boolean => (typeof known === 'function' ? known(itemId) : known.has(itemId))

/**
 * Step 6: silently discards drops whose `itemId` is not known, maps the drop type to the canonical
 * one (`REGULAR_DROP` → `NORMAL_DROP`), and merges entries with the same (type, item) by summing
 * quantities. Entries keep the order of their first appearance. `null`/`undefined`/`[]` → `[]`.
 * Quantities are not re-validated (shape validation already enforced 1..1000).
 */
export const normalizeDrops = (drops: readonly SubmittedDrop[] | null | undefined, knownItems: KnownItems): NormalizedDrop[] => {
  const merged = new Map<string, { dropType: DropType; itemId: string; quantity: number }>()
  for (const drop of drops ?? []) {
    if (!isKnown(knownItems, drop.itemId)) continue
    const dropType = canonicalDropType(drop.dropType)
    const key = `${dropType}\u0000${drop.itemId}`
    const existing = merged.get(key)
    if (existing === undefined) merged.set(key, { dropType, itemId: drop.itemId, quantity: drop.quantity })
    else existing.quantity += drop.quantity
  }
  return [...merged.values()]
}

/**
 * Step 7: the report's runs. `0`, `null` or missing → 1; any other value is kept (shape validation
 * allows 0..6). For gacha-box stages the runs are the sum of all drop quantities instead, whatever
 * was sent; a gacha report without drops therefore has 0 runs and adds nothing to any statistic.
 */
export const normalizeTimes = (times: number | null | undefined, stage: { readonly isGacha?: boolean }, drops: readonly NormalizedDrop[]): number => {
  if (stage.isGacha === true) return drops.reduce((sum, d) => sum + d.quantity, 0)
  return times === undefined || times === null || times === 0 ? 1 : times
}

/** Most runs one stored report may count (a `drop_reports.times` check): a MAA or web report has 1-6. */
export const MAX_REPORT_TIMES = 1000

/**
 * Whether a normalised report can be stored. `no-runs`: a gacha-box report whose kept drops are none
 * (0 runs: it adds nothing to any statistic, so it is answered but not stored). `too-many-runs`: a
 * gacha-box report whose quantities sum past {@link MAX_REPORT_TIMES} (refused with a violation).
 */
export type RunsVerdict = { ok: true } | { ok: false; reason: 'no-runs' | 'too-many-runs' }
export const checkRuns = (report: { readonly times: number }): RunsVerdict => {
  if (report.times < 1) return { ok: false, reason: 'no-runs' }
  if (report.times > MAX_REPORT_TIMES) return { ok: false, reason: 'too-many-runs' }
  return { ok: true }
}

/** A normalised report body: drops and runs. */
export interface NormalizedReport {
  readonly drops: NormalizedDrop[]
  readonly times: number
}

/** Steps 6 and 7 together: {@link normalizeDrops}, then {@link normalizeTimes} over the kept drops. */
export const normalizeReport = (
  report: { readonly drops?: readonly SubmittedDrop[] | null; readonly times?: number | null },
  stage: { readonly isGacha?: boolean },
  knownItems: KnownItems,
): NormalizedReport => {
  const drops = normalizeDrops(report.drops, knownItems)
  return { drops, times: normalizeTimes(report.times, stage, drops) }
}

/**
 * The drop pattern of a report (§10.1, §7.4): item → total quantity regardless of drop type, as
 * canonical entries sorted by item id, zero quantities removed. `[]` = dropped nothing. Feed it to
 * `patternKey`/`patternHash` of `@dropwise/stats` for storage.
 */
export const dropPattern = (drops: readonly { readonly itemId: string; readonly quantity: number }[]): PatternDrop[] => canonicalPattern(drops)
