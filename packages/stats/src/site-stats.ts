import { UNKNOWN_AP_COST } from './drop-rate'
import { RECRUIT_STAGE_ID } from './pattern'

/** Site-wide totals of one server (api-v2.md §5.8, §10.7). */
export interface SiteStats {
  totalStageTimes: { stageId: string; times: number }[]
  totalStageTimes_24h: { stageId: string; times: number }[]
  totalItemQuantities: { itemId: string; quantity: number }[]
  totalApCost: number
}

/** What site stats need to know about a stage. Stages missing from the map count as non-gacha with unknown cost. */
export interface SiteStatsStage {
  /** Sanity cost; `null` or 99 = unknown, contributes 0 to `totalApCost`. */
  readonly apCost: number | null
  readonly isGacha?: boolean
}

/** Item types whose quantities are listed in `totalItemQuantities`. */
export const SITE_STATS_ITEM_TYPES: readonly string[] = ['MATERIAL', 'FURN', 'CHIP']

/** Inputs of {@link siteStats}; every list may hold several rows per key (they are summed). */
export interface SiteStatsInput {
  /** Stage metadata by stage id. */
  readonly stages: ReadonlyMap<string, SiteStatsStage>
  /** Item type by item id; items missing from the map are not listed. */
  readonly itemTypes: ReadonlyMap<string, string>
  /** All-history valid runs per (stage, item) pair, category `all` (e.g. summed day rows). */
  readonly pairTimes: readonly { stageId: string; itemId: string; times: number }[]
  /** Σ times of reliability-0 reports per stage created in the last 24 h. */
  readonly recentStageTimes: readonly { stageId: string; times: number }[]
  /** All-history dropped quantity per item. */
  readonly itemQuantities: readonly { itemId: string; quantity: number }[]
}

/**
 * Reduces totals to the `/stats` object (§10.7):
 * - `totalStageTimes`: per stage, excluding `recruit` and gacha stages, the **largest** per-item total
 *   (items of one stage may have different periods, hence different totals);
 * - `totalStageTimes_24h`: per stage, excluding `recruit` only (gacha stages stay, as specified);
 * - `totalItemQuantities`: per item of type MATERIAL, FURN or CHIP;
 * - `totalApCost`: Σ `apCost × totalStageTimes` over stages with a known cost.
 * Entries with a total of 0 are omitted; lists are sorted by id so the output is deterministic.
 */
export const siteStats = (input: SiteStatsInput): SiteStats => {
  const stageMax = new Map<string, number>()
  const pairTotals = sumBy(
    input.pairTimes,
    (r) => `${r.stageId}\u0000${r.itemId}`,
    (r) => r.times,
  )
  for (const [key, times] of pairTotals) {
    const stageId = key.slice(0, key.indexOf('\u0000'))
    if (stageId === RECRUIT_STAGE_ID || input.stages.get(stageId)?.isGacha === true) continue
    stageMax.set(stageId, Math.max(stageMax.get(stageId) ?? 0, times))
  }
  const recent = sumBy(
    input.recentStageTimes.filter((r) => r.stageId !== RECRUIT_STAGE_ID),
    (r) => r.stageId,
    (r) => r.times,
  )
  const items = sumBy(
    input.itemQuantities.filter((r) => SITE_STATS_ITEM_TYPES.includes(input.itemTypes.get(r.itemId) ?? '')),
    (r) => r.itemId,
    (r) => r.quantity,
  )
  let totalApCost = 0
  for (const [stageId, times] of stageMax) {
    const cost = input.stages.get(stageId)?.apCost ?? null
    if (cost !== null && cost !== UNKNOWN_AP_COST) totalApCost += cost * times
  }
  return {
    totalStageTimes: sortedEntries(stageMax).map(([stageId, times]) => ({ stageId, times })),
    totalStageTimes_24h: sortedEntries(recent).map(([stageId, times]) => ({ stageId, times })),
    totalItemQuantities: sortedEntries(items).map(([itemId, quantity]) => ({ itemId, quantity })),
    totalApCost,
  }
}

const sumBy = <T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number): Map<string, number> => {
  const totals = new Map<string, number>()
  for (const row of rows) totals.set(key(row), (totals.get(key(row)) ?? 0) + value(row))
  return totals
}

const sortedEntries = (m: ReadonlyMap<string, number>): [string, number][] => [...m].filter(([, v]) => v !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
