import { formatDate } from '../../lib/format'

/** Pure helpers for trend series (web-reference §2.3). Rates are fractions (0..1); percent is formatting. */

export const DEFAULT_TREND_INTERVAL_MS = 86_400_000
export const SPARKLINE_MAX_POINTS = 15

/** Drop rate per bucket: quantity / times, null where nothing was run. */
export const rateSeries = (quantity: readonly number[], times: readonly number[]): (number | null)[] => times.map((t, i) => (t > 0 ? (quantity[i] ?? 0) / t : null))

/**
 * Fewest runs a period needs for its drop rate to join the trend line. A period with fewer (a handful of runs,
 * where one lucky drop reads as 200 %) is drawn as a point of its own, with its sample size beside it.
 */
export const TREND_MIN_RUNS = 20

/** The rates of the periods with at least `TREND_MIN_RUNS` runs (`line`) and of the ones with fewer (`points`), null elsewhere. */
export const splitRates = (quantity: readonly number[], times: readonly number[], min = TREND_MIN_RUNS) => {
  const rates = rateSeries(quantity, times)
  return {
    line: rates.map((r, i) => ((times[i] ?? 0) >= min ? r : null)),
    points: rates.map((r, i) => ((times[i] ?? 0) < min ? r : null)),
    sparse: times.filter((t) => t > 0 && t < min).length,
    run: times.filter((t) => t > 0).length,
  }
}

export interface SparkPoint {
  rate: number
  runs: number
}

/**
 * Points of the table sparkline: the periods that were run; when more than 15 of them have a non-zero rate,
 * the last 15 of those, otherwise every period that was run (zeros kept). Fewer than 2 points → null
 * (no sparkline; the public client drew a flat `[0, 0]`).
 */
export const sparklinePoints = (quantity: readonly number[], times: readonly number[]): SparkPoint[] | null => {
  const run = times.flatMap((t, i): SparkPoint[] => (t > 0 ? [{ rate: (quantity[i] ?? 0) / t, runs: t }] : []))
  const nonZero = run.filter((p) => p.rate !== 0)
  const points = nonZero.length > SPARKLINE_MAX_POINTS ? nonZero.slice(-SPARKLINE_MAX_POINTS) : run
  return points.length >= 2 ? points : null
}

/**
 * The sparkline's marks: polylines through runs of consecutive points with enough samples (two or more), and
 * a dot for every other point (too few runs, or alone between sparse ones), in a width × height box.
 */
export const sparklineMarks = (points: readonly SparkPoint[], width: number, height: number, pad = 1, min = TREND_MIN_RUNS) => {
  const xy = sparklineCoords(
    points.map((p) => p.rate),
    width,
    height,
    pad,
  )
  const lines: string[] = []
  const dots: [number, number][] = []
  let segment: [number, number][] = []
  const flush = () => {
    if (segment.length >= 2) lines.push(segment.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(' '))
    else dots.push(...segment)
    segment = []
  }
  points.forEach((p, i) => {
    const at = xy[i]
    if (!at) return
    if (p.runs >= min) segment.push(at)
    else {
      flush()
      dots.push(at)
    }
  })
  flush()
  return { lines, dots }
}

const sparklineCoords = (points: readonly number[], width: number, height: number, pad: number): [number, number][] => {
  const min = Math.min(...points)
  const max = Math.max(...points)
  const span = max - min
  const step = points.length > 1 ? (width - 2 * pad) / (points.length - 1) : 0
  // A flat series sits in the middle.
  return points.map((p, i) => [pad + i * step, span === 0 ? height / 2 : pad + (1 - (p - min) / span) * (height - 2 * pad)])
}

/** Start instants of the buckets: startTime + i × interval. */
export const bucketStarts = (startTime: number, intervalMs: number, count: number): number[] => Array.from({ length: count }, (_, i) => startTime + i * intervalMs)

/**
 * Axis labels: day-sized buckets by the date of their middle (a server-local day, shown on the
 * viewer's calendar day it overlaps most), shorter buckets by their start time; years appear when
 * a bucket lies outside the current year.
 */
export const bucketLabels = (starts: number[], intervalMs: number, now: number) => {
  const daily = intervalMs >= DEFAULT_TREND_INTERVAL_MS
  const at = starts.map((s) => (daily ? s + intervalMs / 2 : s))
  const year = new Date(now).getFullYear()
  const otherYear = at.some((ms) => new Date(ms).getFullYear() !== year)
  return at.map((ms) => formatDate(ms, { time: !daily, ...(otherYear ? { now: 0 } : {}) }))
}
