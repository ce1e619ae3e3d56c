import { HOUR_MS } from './server-day'

/**
 * Trend buckets of a custom-window query (api-v2.md §8.4, the "Ours" variant): bucket 0 starts at the
 * query start, buckets are `intervalMs` long, the last one is cut at the query end.
 */

/** Maximum number of buckets of one trend query; more → 400 (§8.4). */
export const MAX_TREND_BUCKETS = 360

/** A valid bucket plan. */
export interface TrendPlan {
  readonly ok: true
  /** Start of bucket 0 = the query start (the wire `startTime`). */
  readonly startTime: number
  /** Query end; no bucket reaches past it. */
  readonly end: number
  /** The interval rounded to whole hours, in ms (≥ 1 hour). */
  readonly intervalMs: number
  /** Number of buckets = array length of every item, `max(N, 1)`. */
  readonly bucketCount: number
}

/** Why a trend query cannot be planned; the server answers 400 `INVALID_REQUEST` for each. */
export type TrendPlanError =
  | { readonly ok: false; readonly reason: 'interval-too-short' }
  | { readonly ok: false; readonly reason: 'too-many-buckets'; readonly bucketCount: number; readonly max: number }
  | { readonly ok: false; readonly reason: 'invalid-window' }

/**
 * Plans the buckets of a trend query over `[start, end)` with the requested `interval` (ms).
 *
 * - The interval is rounded to the nearest whole hour, halves up (5 400 000 → 2 h, 1 800 000 → 1 h,
 *   1 799 999 → 0 h); a result below 1 hour → `interval-too-short`.
 * - `N = ⌊hours(end − start)⌋ ÷ intervalHours` (integer division); `N > 360` → `too-many-buckets`
 *   with the computed N.
 * - Otherwise `max(N, 1)` buckets, bucket 0 at `start`: a window shorter than one interval still
 *   gets one bucket, cut at `end`. When `N ≥ 1` the tail after `start + N·interval` (less than one
 *   interval) belongs to no bucket, so every bucket the web draws as
 *   `[startTime + i·interval, startTime + (i+1)·interval)` holds exactly that span.
 * - `end ≤ start` (or non-finite input) → `invalid-window` (the API rejects it before planning).
 */
export const planTrendBuckets = (start: number, end: number, interval: number): TrendPlan | TrendPlanError => {
  if (!Number.isFinite(start) || !Number.isFinite(end) || !Number.isFinite(interval)) return { ok: false, reason: 'invalid-window' }
  const intervalHours = Math.round(interval / HOUR_MS)
  if (!(intervalHours >= 1)) return { ok: false, reason: 'interval-too-short' }
  if (end <= start) return { ok: false, reason: 'invalid-window' }
  const n = Math.trunc(Math.floor((end - start) / HOUR_MS) / intervalHours)
  if (n > MAX_TREND_BUCKETS) return { ok: false, reason: 'too-many-buckets', bucketCount: n, max: MAX_TREND_BUCKETS }
  return { ok: true, startTime: start, end, intervalMs: intervalHours * HOUR_MS, bucketCount: Math.max(n, 1) }
}

/** English message for a plan error, as the API sends it (§8.4). */
export const trendPlanErrorMessage = (error: TrendPlanError): string => {
  switch (error.reason) {
    case 'interval-too-short':
      return 'interval length must be greater than 1 hour'
    case 'too-many-buckets':
      return `too many sections: the query has ${error.bucketCount} sections, the maximum is ${error.max}`
    case 'invalid-window':
      return 'end must be later than start'
  }
}

/** `[start, end)` of bucket `i` of a plan (the last one cut at the plan end), or `null` outside 0..count−1. */
export const bucketRange = (plan: TrendPlan, i: number): { start: number; end: number } | null => {
  if (!Number.isInteger(i) || i < 0 || i >= plan.bucketCount) return null
  const start = plan.startTime + i * plan.intervalMs
  return { start, end: Math.min(start + plan.intervalMs, plan.end) }
}

/** The bucket containing instant `t`, or `null` when `t` falls before bucket 0, after the last, or at/after `end`. */
export const bucketIndexOf = (plan: TrendPlan, t: number): number | null => {
  if (t < plan.startTime || t >= plan.end) return null
  const i = Math.floor((t - plan.startTime) / plan.intervalMs)
  return i < plan.bucketCount ? i : null
}

/** One report (or pre-summed row) placed in time: instant, runs, and the item's quantity. */
export interface TimedSample {
  readonly at: number
  readonly times: number
  readonly quantity: number
}

/**
 * Fills the per-item arrays of a trend: `times[i]` = Σ runs of the stage in bucket `i` (every item of
 * the stage gets the same, real run counts), `quantity[i]` = Σ the item's quantity. `runs` are the
 * stage's reports (quantity ignored); `drops` maps item id → that item's samples (only `at` and
 * `quantity` are read). Samples outside every bucket are ignored; arrays have `plan.bucketCount`
 * entries, zeros where nothing happened.
 */
export const fillTrend = (
  plan: TrendPlan,
  runs: readonly Pick<TimedSample, 'at' | 'times'>[],
  drops: ReadonlyMap<string, readonly Pick<TimedSample, 'at' | 'quantity'>[]>,
): Map<string, { quantity: number[]; times: number[] }> => {
  const times = new Array<number>(plan.bucketCount).fill(0)
  for (const r of runs) {
    const i = bucketIndexOf(plan, r.at)
    if (i !== null) times[i] = times[i]! + r.times
  }
  const out = new Map<string, { quantity: number[]; times: number[] }>()
  for (const [itemId, samples] of drops) {
    const quantity = new Array<number>(plan.bucketCount).fill(0)
    for (const s of samples) {
      const i = bucketIndexOf(plan, s.at)
      if (i !== null) quantity[i] = quantity[i]! + s.quantity
    }
    out.set(itemId, { quantity, times: [...times] })
  }
  return out
}
