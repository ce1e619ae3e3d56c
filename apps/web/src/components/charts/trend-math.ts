import { formatDate } from '../../lib/format'

/** Pure helpers for trend series (web-reference §2.3). Rates are fractions (0..1); percent is formatting. */

export const DEFAULT_TREND_INTERVAL_MS = 86_400_000
export const SPARKLINE_MAX_POINTS = 15

/** Drop rate per bucket: quantity / times, null where nothing was run. */
export const rateSeries = (quantity: readonly number[], times: readonly number[]): (number | null)[] => times.map((t, i) => (t > 0 ? (quantity[i] ?? 0) / t : null))

/**
 * Points of the table sparkline: the non-null rates; when more than 15 of them are non-zero, the
 * last 15 non-zero ones, otherwise all non-null rates (zeros kept). Fewer than 2 points → null
 * (no sparkline; the public client drew a flat `[0, 0]`).
 */
export const sparklinePoints = (quantity: readonly number[], times: readonly number[]): number[] | null => {
  const rates = rateSeries(quantity, times).filter((r): r is number => r !== null)
  const nonZero = rates.filter((r) => r !== 0)
  const points = nonZero.length > SPARKLINE_MAX_POINTS ? nonZero.slice(-SPARKLINE_MAX_POINTS) : rates
  return points.length >= 2 ? points : null
}

/** SVG polyline coordinates of points scaled into a width × height box (y grows downwards). */
export const sparklinePath = (points: readonly number[], width: number, height: number, pad = 1): string => {
  if (points.length < 2) return ''
  const min = Math.min(...points)
  const max = Math.max(...points)
  const span = max - min
  const step = (width - 2 * pad) / (points.length - 1)
  return points
    .map((p, i) => {
      const x = pad + i * step
      // A flat series sits in the middle.
      const y = span === 0 ? height / 2 : pad + (1 - (p - min) / span) * (height - 2 * pad)
      return `${x.toFixed(2)},${y.toFixed(2)}`
    })
    .join(' ')
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
