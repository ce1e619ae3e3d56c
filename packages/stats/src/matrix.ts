/**
 * Drop-matrix numbers of one (stage, item) pair over a window (api-v2.md §10.3-10.4).
 *
 * Everything reduces to three sufficient statistics ({@link MatrixSums}): Σ times, Σ q and Σ q², where
 * each report is one sample whose value q is its quantity of the item (0 if absent). From those, the
 * published numbers are `times`, `quantity` and the population standard deviation
 * `sqrt(Σq²/times − (Σq/times)²)`, clamped at 0 and rounded to 4 decimals. Multi-run reports count as
 * one sample over `times` observations, exactly like the public service.
 */

/** One report as the matrix sees it: its runs and its quantity of the item (0 when absent). */
export interface ReportSample {
  /** Runs in the report (≥ 1 after normalisation). */
  readonly times: number
  /** Quantity of the item in the report's drop pattern; 0 when the item did not drop. */
  readonly quantity: number
}

/**
 * Quantity histogram: quantity `q` → number of reports whose quantity of the item is `q`. Keys may be
 * strings (as after a JSON round trip) or numbers. Zero buckets are allowed and change nothing but
 * the histogram itself.
 */
export type QuantityHistogram = Readonly<Record<string | number, number>>

/** A per-day aggregate row of one pair (§10.4): Σ times, Σ quantity and the quantity histogram. */
export interface DayAggregate {
  readonly times: number
  readonly quantity: number
  readonly histogram: QuantityHistogram
}

/** Sufficient statistics of a sample: Σ report.times, Σ q and Σ q² (see module doc). */
export interface MatrixSums {
  readonly times: number
  readonly quantity: number
  readonly sumSquares: number
}

/** The published numbers of a pair: runs, items, and the rounded population std-dev of q. */
export interface MatrixNumbers {
  readonly times: number
  readonly quantity: number
  /** Population std-dev per §10.3, ≥ 0, rounded to 4 decimals; 0 when `times` is 0. */
  readonly stdDev: number
}

/** The additive identity: no reports. */
export const EMPTY_SUMS: MatrixSums = { times: 0, quantity: 0, sumSquares: 0 }

/** Adds sufficient statistics. Associative and commutative (exactly so for integer inputs). */
export const addSums = (a: MatrixSums, b: MatrixSums): MatrixSums => ({
  times: a.times + b.times,
  quantity: a.quantity + b.quantity,
  sumSquares: a.sumSquares + b.sumSquares,
})

/** Sums of raw reports (§10.3; personal and custom-window queries read raw reports). `[]` → zeros. */
export const sumsFromReports = (reports: readonly ReportSample[]): MatrixSums => {
  let times = 0
  let quantity = 0
  let sumSquares = 0
  for (const r of reports) {
    times += r.times
    quantity += r.quantity
    sumSquares += r.quantity * r.quantity
  }
  return { times, quantity, sumSquares }
}

/**
 * Σ q² of a histogram: Σ q² × reports over its buckets. Keys are parsed with `Number`; buckets whose
 * key is not a finite number are ignored.
 */
export const histogramSumSquares = (histogram: QuantityHistogram): number => {
  let s = 0
  for (const [key, count] of Object.entries(histogram)) {
    const q = Number(key)
    if (Number.isFinite(q)) s += q * q * count
  }
  return s
}

/**
 * Sums of per-day aggregates (the global path of §10.4). `times` and `quantity` come from the rows'
 * own totals (a row's `times` counts runs, which its histogram cannot tell for multi-run reports);
 * Σ q² comes from the histograms. `[]` → zeros.
 */
export const sumsFromAggregates = (rows: readonly DayAggregate[]): MatrixSums => {
  let times = 0
  let quantity = 0
  let sumSquares = 0
  for (const row of rows) {
    times += row.times
    quantity += row.quantity
    sumSquares += histogramSumSquares(row.histogram)
  }
  return { times, quantity, sumSquares }
}

/**
 * Builds the day aggregate of a batch of reports: Σ times, Σ quantity and the histogram
 * (`{q: reports}`, keys as numbers, including a `0` bucket for reports without the item).
 */
export const aggregateReports = (reports: readonly ReportSample[]): DayAggregate => {
  const histogram: Record<number, number> = {}
  let times = 0
  let quantity = 0
  for (const r of reports) {
    times += r.times
    quantity += r.quantity
    histogram[r.quantity] = (histogram[r.quantity] ?? 0) + 1
  }
  return { times, quantity, histogram }
}

/**
 * Merges day aggregates into one (e.g. a period's rows, or today's partial rows): totals add, histogram
 * buckets add by quantity. Result keys are numbers; buckets of different key spelling ("1" and 1) merge.
 */
export const mergeAggregates = (rows: readonly DayAggregate[]): DayAggregate => {
  const histogram: Record<number, number> = {}
  let times = 0
  let quantity = 0
  for (const row of rows) {
    times += row.times
    quantity += row.quantity
    for (const [key, count] of Object.entries(row.histogram)) {
      const q = Number(key)
      if (Number.isFinite(q)) histogram[q] = (histogram[q] ?? 0) + count
    }
  }
  return { times, quantity, histogram }
}

/**
 * Unrounded population std-dev of the sample: `sqrt(max(0, Σq²/times − (Σq/times)²))`.
 * 0 when `times` ≤ 0. The clamp absorbs floating-point cancellation and inconsistent baselines.
 */
export const populationStdDev = (sums: MatrixSums): number => {
  if (!(sums.times > 0)) return 0
  const mean = sums.quantity / sums.times
  const variance = sums.sumSquares / sums.times - mean * mean
  return variance > 0 ? Math.sqrt(variance) : 0
}

/** Rounds to 4 decimals, the precision of the published `stdDev` (half-up on the scaled value). */
export const roundStdDev = (x: number): number => Math.round(x * 10_000) / 10_000

/** The published numbers of sufficient statistics: totals as-is, `stdDev` clamped and rounded (§10.3). */
export const matrixNumbers = (sums: MatrixSums): MatrixNumbers => ({
  times: sums.times,
  quantity: sums.quantity,
  stdDev: roundStdDev(populationStdDev(sums)),
})

/**
 * Reconstructs sufficient statistics from published numbers (e.g. an imported matrix baseline):
 * `Σq² = times·stdDev² + quantity²/times` (inverting the §10.3 formula).
 *
 * Exact when `stdDev` is unrounded; with the usual 4-decimal rounding the error in Σq² is at most about
 * `times × 2·stdDev × 5e-5`, so a merged std-dev stays within ~5e-5 of the true one. `times` 0 gives
 * zero sums (a baseline without runs carries no information, even if it claims a quantity).
 */
export const sumsFromNumbers = (numbers: MatrixNumbers): MatrixSums => {
  if (!(numbers.times > 0)) return EMPTY_SUMS
  return {
    times: numbers.times,
    quantity: numbers.quantity,
    sumSquares: numbers.times * numbers.stdDev * numbers.stdDev + (numbers.quantity * numbers.quantity) / numbers.times,
  }
}

/**
 * Merges a baseline (published numbers covering the start of a period, e.g. from the seed) with later
 * day aggregates of the same pair, so the result describes the combined sample: totals add, and the
 * std-dev is computed from the reconstructed Σq² of the baseline plus the aggregates' Σq²
 * (see {@link sumsFromNumbers} for the precision). The caller must make sure the aggregates do not
 * cover the baseline's window again.
 */
export const mergeBaseline = (baseline: MatrixNumbers, rows: readonly DayAggregate[]): MatrixNumbers =>
  matrixNumbers(addSums(sumsFromNumbers(baseline), sumsFromAggregates(rows)))
