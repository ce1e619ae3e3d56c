import { SERVER_LAUNCH_MS } from '@dropwise/schemas'
import { DAY_MS, INTERVAL_OPTIONS_MS, MAX_TREND_SECTIONS, trendSections, type QueryDraft } from './query-model'

/**
 * The window a trend starts with when the visitor has not chosen a start: the 30 days up to the end
 * of today, which at the default interval of one day (spec 001 §9) is 30 intervals, one per
 * calendar day. "Since launch" would be about 2,700 days, far over the server's 360 intervals at any
 * interval shorter than 8 days. The window ends at midnight rather than now because the server
 * leaves the tail after the last whole interval out (api-v2 §8.4): ending "now" would drop today's
 * newest reports.
 */
export const DEFAULT_TREND_WINDOW_MS = 30 * DAY_MS

/** Local midnight that ends the day of `now` (the start of tomorrow). */
export const endOfLocalDay = (now: number) => {
  const d = new Date(now)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime()
}

/** Start and end a draft's window stands for (`null` start = the server's launch, `null` end = now). */
export const draftWindow = (draft: Pick<QueryDraft, 'start' | 'end' | 'server'>, now: number) => ({
  start: draft.start ?? SERVER_LAUNCH_MS[draft.server],
  end: draft.end ?? now,
})

/**
 * The interval to use for a trend over [start, end): `intervalMs` itself when it keeps the trend
 * within {@link MAX_TREND_SECTIONS} intervals, otherwise the shortest interval choice that does.
 * `null` when no choice fits (a window of more than 30 years) or the window is empty.
 */
export const fittingInterval = (start: number, end: number, intervalMs: number): number | null => {
  if (end <= start) return null
  if (trendSections(start, end, intervalMs) <= MAX_TREND_SECTIONS) return intervalMs
  return INTERVAL_OPTIONS_MS.find((ms) => trendSections(start, end, ms) <= MAX_TREND_SECTIONS) ?? null
}

/** Fields whose change moves the window (the server moves the launch a `null` start stands for). */
const WINDOW_FIELDS = ['start', 'end', 'server', 'kind'] as const

/**
 * Applies a form edit to a draft so that a trend's defaults always run (issue 17 §10):
 * - turning a query into a trend while it has no start sets the window to the
 *   {@link DEFAULT_TREND_WINDOW_MS} before its end, or before the end of today when it has none;
 * - when the window or the type changes, a trend keeps its interval if it fits, else takes the
 *   shortest choice that does.
 * An interval the visitor picks is kept as picked, even when it does not fit: the form then says why
 * the query cannot run and offers the interval that fits.
 */
export const applyDraftPatch = (draft: QueryDraft, patch: Partial<QueryDraft>, now: number): QueryDraft => {
  const next = { ...draft, ...patch }
  if (next.kind !== 'trend') return next
  if (draft.kind !== 'trend' && next.start === null) {
    next.end ??= endOfLocalDay(now)
    next.start = next.end - DEFAULT_TREND_WINDOW_MS
  }
  if (patch.intervalMs === undefined && WINDOW_FIELDS.some((f) => f in patch)) {
    const { start, end } = draftWindow(next, now)
    next.intervalMs = fittingInterval(start, end, next.intervalMs) ?? next.intervalMs
  }
  return next
}
