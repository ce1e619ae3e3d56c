/**
 * Per-pair derived numbers: drop rate, sanity per item, confidence interval, low-sample flag.
 * Rates are 0..1 fractions (or items per run when a run can drop several); percent exists only in
 * formatting.
 */

/** Two-sided 95 % normal quantile (Φ⁻¹(0.975)), the default `z` of {@link confidenceInterval}. */
export const Z_95 = 1.959963984540054

/**
 * Runs below which a pair is "low sample". 200 is ArkPlanner's cut-off: it ignores matrix elements
 * with `times < 200` (api-v2.md §8.1), so the web flags the same pairs.
 */
export const LOW_SAMPLE_MIN_TIMES = 200

/** Stage cost the API uses for "unknown" (api-v2.md §5.2); the web shows it as invalid. */
export const UNKNOWN_AP_COST = 99

/**
 * Drop rate: items per run, `quantity / times`.
 *
 * A 0..1 fraction while each run drops at most one of the item; above 1 when runs drop several.
 * Returns `null` when `times` is 0 (no runs, no rate), also for negative or non-finite input.
 */
export const dropRate = (quantity: number, times: number): number | null => {
  if (!(times > 0) || !Number.isFinite(times) || !Number.isFinite(quantity) || quantity < 0) return null
  return quantity / times
}

/**
 * Sanity (AP) spent per item obtained: `apCost / dropRate` = `apCost × times / quantity`.
 *
 * Returns `null` when the rate is unknown or 0 (item never dropped: infinitely expensive), or when the
 * cost is unknown (`null`, or {@link UNKNOWN_AP_COST}), or negative. A free stage (`apCost` 0) gives 0.
 */
export const apPerItem = (apCost: number | null, quantity: number, times: number): number | null => {
  if (apCost === null || apCost === UNKNOWN_AP_COST || !(apCost >= 0)) return null
  const rate = dropRate(quantity, times)
  if (rate === null || rate === 0) return null
  return apCost / rate
}

/**
 * Runs needed per item on average: `times / quantity` (the inverse of the drop rate).
 * Returns `null` when `quantity` is 0 or the rate is undefined.
 */
export const runsPerItem = (quantity: number, times: number): number | null => {
  const rate = dropRate(quantity, times)
  if (rate === null || rate === 0) return null
  return 1 / rate
}

/** A closed interval `[lower, upper]` around a rate, same unit as the rate. */
export interface RateInterval {
  readonly lower: number
  readonly upper: number
  /** Which score interval produced it: see {@link confidenceInterval}. */
  readonly model: 'binomial' | 'poisson'
}

/**
 * Score confidence interval for a drop rate, by default 95 % (`z` = {@link Z_95}).
 *
 * - `quantity ≤ times`: the **Wilson** score interval of a binomial proportion (each run drops the
 *   item or not). Always inside [0, 1]; `quantity` 0 gives lower 0, `quantity = times` gives upper 1.
 * - `quantity > times`: a Bernoulli model is impossible (some run dropped several), so the rate is
 *   treated as a **Poisson** mean per run and we use the Poisson score interval, the same
 *   construction as Wilson's: solve `(λ − r)² = z²·λ / n`, i.e.
 *   `r + z²/2n ± z·√(r/n + z²/4n²)` with `r = quantity / times`, `n = times`. Lower ≥ 0, upper
 *   unbounded. The switch makes the interval jump at `quantity = times + 1`; this is deliberate, as the
 *   binomial bound of 1 is no longer true there.
 *
 * Returns `null` when `times` is 0 (or the input is not finite / negative), like {@link dropRate}.
 * Multi-run reports (api-v2.md §10.3) are not modelled: `times` counts runs as independent trials.
 */
export const confidenceInterval = (quantity: number, times: number, z: number = Z_95): RateInterval | null => {
  const rate = dropRate(quantity, times)
  if (rate === null || !(z >= 0)) return null
  const n = times
  const z2 = z * z
  if (quantity <= times) {
    const denominator = 1 + z2 / n
    const centre = (rate + z2 / (2 * n)) / denominator
    const half = (z * Math.sqrt((rate * (1 - rate)) / n + z2 / (4 * n * n))) / denominator
    return { lower: clamp(centre - half, 0, 1), upper: clamp(centre + half, 0, 1), model: 'binomial' }
  }
  const centre = rate + z2 / (2 * n)
  const half = z * Math.sqrt(rate / n + z2 / (4 * n * n))
  return { lower: Math.max(0, centre - half), upper: centre + half, model: 'poisson' }
}

/**
 * Whether a pair has too few runs for its rate to be trusted: `times < minTimes`
 * (default {@link LOW_SAMPLE_MIN_TIMES}). `times` 0 is low sample.
 */
export const isLowSample = (times: number, minTimes: number = LOW_SAMPLE_MIN_TIMES): boolean => !(times >= minTimes)

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x))
