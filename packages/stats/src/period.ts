import { NO_END_MS } from '@dropwise/schemas'

/**
 * Time ranges and the period of a (stage, item) pair (api-v2.md §10.1-10.2).
 * All instants are epoch milliseconds; ranges are half-open `[start, end)`.
 */

/**
 * A time range. `end` `null` (wire) or ≥ {@link NO_END_MS} (storage sentinel) both mean "no end".
 */
export interface TimeRange {
  readonly start: number
  readonly end: number | null
}

/** A drop-info range as far as periods care: its time range and the `accumulable` flag. */
export interface AccumulableRange extends TimeRange {
  /** `true`: may be added to the immediately preceding range (drop table unchanged); `false`: start fresh. */
  readonly accumulable: boolean
}

/** A period (segment) of a pair. `end` is `null` when it has no end. */
export interface Period {
  readonly start: number
  readonly end: number | null
}

/** `end` as a number, with "no end" (`null` or the sentinel) mapped to `+Infinity`. */
export const endOrInfinity = (end: number | null): number => (end === null || end >= NO_END_MS ? Infinity : end)

/** Normalises "no end" to `null`: `null` and every value ≥ {@link NO_END_MS} become `null`. */
export const normalizeEnd = (end: number | null): number | null => (end === null || end >= NO_END_MS ? null : end)

/** Whether `range` contains instant `t`: `start ≤ t < end` (an open end contains every later instant). */
export const rangeContains = (range: TimeRange, t: number): boolean => range.start <= t && t < endOrInfinity(range.end)

/**
 * Whether two ranges overlap (share an instant). Touching ranges (`a.end === b.start`) do not overlap.
 * Empty ranges (`end ≤ start`) overlap nothing.
 */
export const rangesOverlap = (a: TimeRange, b: TimeRange): boolean => Math.max(a.start, b.start) < Math.min(endOrInfinity(a.end), endOrInfinity(b.end))

/**
 * The wire value of a period end (api-v2.md §5.5): `null` when the period has no end or ends in the
 * future relative to `now` (`end > now`), else `end`. `now` comes from the caller's clock.
 */
export const wireEnd = (end: number | null, now: number): number | null => {
  const e = normalizeEnd(end)
  return e === null || e > now ? null : e
}

/**
 * Segments the item-level drop-info ranges of one pair on one server into periods (§10.2).
 *
 * Ranges are ordered by start (ties: earlier end first, open end last; input order otherwise). The
 * first range starts a segment; a non-accumulable range starts a new segment; an accumulable range
 * joins the previous segment when it overlaps or touches it (`start ≤ segment end`), extending the
 * segment's end to the later of the two; otherwise it starts a new segment.
 *
 * Returns the segments oldest first, with `end` normalised (`null` = no end). Empty input gives `[]`.
 */
export const segmentPeriods = (ranges: readonly AccumulableRange[]): Period[] => {
  const sorted = ranges.map((r, i) => ({ r, i })).sort((a, b) => a.r.start - b.r.start || endOrInfinity(a.r.end) - endOrInfinity(b.r.end) || a.i - b.i)
  const segments: { start: number; end: number }[] = []
  for (const { r } of sorted) {
    const last = segments.at(-1)
    const end = endOrInfinity(r.end)
    if (last !== undefined && r.accumulable && r.start <= last.end) last.end = Math.max(last.end, end)
    else segments.push({ start: r.start, end })
  }
  return segments.map((s) => ({ start: s.start, end: s.end === Infinity ? null : s.end }))
}

/**
 * The current period of a pair: its latest segment (§10.2), or `null` when it has no ranges.
 *
 * With `asOf`, ranges starting after `asOf` are ignored first, so a scheduled future rerun does not
 * replace the running period before it begins; without it the rule is applied literally.
 */
export const currentPeriod = (ranges: readonly AccumulableRange[], asOf?: number): Period | null => {
  const considered = asOf === undefined ? ranges : ranges.filter((r) => r.start <= asOf)
  return segmentPeriods(considered).at(-1) ?? null
}

/**
 * Whether a stage is open at instant `t`: any of its drop infos (any kind) has a range containing
 * `t` (§10.2). No ranges → closed.
 */
export const isStageOpenAt = (ranges: readonly TimeRange[], t: number): boolean => ranges.some((r) => rangeContains(r, t))
