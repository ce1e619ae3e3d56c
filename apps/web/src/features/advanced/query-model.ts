import {
  SERVER_LAUNCH_MS,
  type AdvancedQuery,
  type AdvancedQueryRequest,
  type AdvancedResult,
  type Category,
  type Item,
  type MatrixElement,
  type Server,
  type Stage,
} from '@dropwise/schemas'
import { checkAnswer } from '../../lib/answer-schemas'

/** Advanced-query constants (spec 001 §4, §5, §9; api-v2 §8.4). */
export const MAX_QUERIES = 5
export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000
export const DEFAULT_INTERVAL_MS = DAY_MS
/** The public client's interval choices: 1 h, 6 h, 12 h, 1 day, 4 days, 1, 2 and 3 weeks, 30 days. */
export const INTERVAL_OPTIONS_MS = [HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS, DAY_MS, 4 * DAY_MS, 7 * DAY_MS, 14 * DAY_MS, 21 * DAY_MS, 30 * DAY_MS] as const
/** The server refuses trend queries with more buckets than this (api-v2 §8.4). */
export const MAX_TREND_SECTIONS = 360

export type QueryKind = 'matrix' | 'trend'

/** One query as the form holds it; `start`/`end` null mean "launch" and "now". */
export interface QueryDraft {
  key: number
  stageId: string | null
  itemIds: string[]
  server: Server
  isPersonal: boolean
  category: Category
  start: number | null
  end: number | null
  kind: QueryKind
  intervalMs: number
}

export const newDraft = (key: number, server: Server, preset: { stageId?: string | null; itemIds?: string[] } = {}): QueryDraft => ({
  key,
  stageId: preset.stageId ?? null,
  itemIds: preset.itemIds ?? [],
  server,
  isPersonal: false,
  category: 'all',
  start: null,
  end: null,
  kind: 'matrix',
  intervalMs: DEFAULT_INTERVAL_MS,
})

/** "Add" copies the query on screen (web-reference row 121). */
export const copyDraft = (draft: QueryDraft, key: number): QueryDraft => ({ ...draft, key, itemIds: [...draft.itemIds] })

/** The server rounds the interval to whole hours (api-v2 §8.4); buckets are drawn with that length. */
export const effectiveIntervalMs = (intervalMs: number) => Math.round(intervalMs / HOUR_MS) * HOUR_MS

/** Buckets the server would build for a trend window (api-v2 §8.4: whole hours ÷ interval hours). */
export const trendSections = (start: number, end: number, intervalMs: number) => {
  const intervalHours = Math.round(intervalMs / HOUR_MS)
  if (intervalHours < 1) return Number.POSITIVE_INFINITY
  return Math.floor(Math.floor((end - start) / HOUR_MS) / intervalHours)
}

export type DraftProblem = { code: 'noStage' } | { code: 'invalidRange' } | { code: 'tooManySections'; sections: number } | { code: 'personalNeedsLogin' }

/** Why a query cannot run yet (checked before sending, so the server's 400s are the exception). */
export const draftProblem = (draft: QueryDraft, now: number, loggedIn: boolean): DraftProblem | null => {
  if (!draft.stageId) return { code: 'noStage' }
  const start = draft.start ?? SERVER_LAUNCH_MS[draft.server]
  const end = draft.end ?? now
  if (end <= start) return { code: 'invalidRange' }
  if (draft.isPersonal && !loggedIn) return { code: 'personalNeedsLogin' }
  if (draft.kind === 'trend') {
    const sections = trendSections(start, end, draft.intervalMs)
    if (sections > MAX_TREND_SECTIONS) return { code: 'tooManySections', sections }
  }
  return null
}

/** One query of the request body (api-v2 §8.4); a matrix query carries no `interval`. */
export const toRequestQuery = (draft: QueryDraft): AdvancedQuery => {
  if (!draft.stageId) throw new Error('a query without a stage cannot be sent')
  const query: AdvancedQuery = {
    stageId: draft.stageId,
    itemIds: [...draft.itemIds],
    server: draft.server,
    isPersonal: draft.isPersonal,
    sourceCategory: draft.category,
    start: draft.start,
    end: draft.end,
  }
  if (draft.kind === 'trend') query.interval = draft.intervalMs
  return query
}

export const buildRequest = (drafts: readonly QueryDraft[]): AdvancedQueryRequest => {
  if (drafts.length < 1 || drafts.length > MAX_QUERIES) throw new Error(`1 to ${MAX_QUERIES} queries, not ${drafts.length}`)
  return { queries: drafts.map(toRequestQuery) }
}

/** What the usage probe records of an executed query (spec 001 §4): 0 stands for "not given". */
export interface ProbeQuery {
  stageId: string
  itemIds: string[]
  server: Server
  isPersonal: boolean
  start: number
  end: number
  interval: number
}
export const toProbeQueries = (drafts: readonly QueryDraft[]): ProbeQuery[] =>
  drafts.map((d) => ({
    stageId: d.stageId ?? '',
    itemIds: [...d.itemIds],
    server: d.server,
    isPersonal: d.isPersonal,
    start: d.start ?? 0,
    end: d.end ?? 0,
    interval: d.kind === 'trend' ? d.intervalMs : 0,
  }))

/** Zone types whose stages can be queried (web-reference row 122; gacha boxes and recruitment are not stages to farm). */
export const QUERYABLE_ZONE_TYPES = new Set(['MAINLINE', 'ACTIVITY', 'ACTIVITY_OPEN', 'ACTIVITY_CLOSED', 'ACTIVITY_PERMANENT', 'WEEKLY'])
/** Item types offered in the item picker (web-reference row 122). */
export const QUERYABLE_ITEM_TYPES = new Set(['MATERIAL', 'CARD_EXP', 'FURN', 'ACTIVITY_ITEM'])

/**
 * The `stage` and `items` query parameters (web-reference row 120): the stage only if it exists
 * on the server; items as a comma list, deduplicated, known and existing on the server, and only
 * when fewer than all of them are named (naming all means "all", which is the empty list).
 */
export const parsePreset = (
  params: URLSearchParams,
  stages: readonly Pick<Stage, 'stageId' | 'existence'>[],
  items: readonly Pick<Item, 'itemId' | 'existence'>[],
  server: Server,
): { stageId: string | null; itemIds: string[] } => {
  const wanted = params.get('stage')
  const stage = wanted ? stages.find((s) => s.stageId === wanted && s.existence[server].exist) : undefined
  const known = new Set(items.filter((i) => i.existence[server].exist).map((i) => i.itemId))
  const listed = [
    ...new Set(
      (params.get('items') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].filter((id) => known.has(id))
  return { stageId: stage?.stageId ?? null, itemIds: listed.length > 0 && listed.length < known.size ? listed : [] }
}

/** A matrix row as shown: the rate unrounded (web-reference row 125), sanity per item when the cost is valid. */
export interface MatrixRow {
  itemId: string
  times: number
  quantity: number
  /** quantity ÷ times, a 0..1+ fraction; null without runs. */
  rate: number | null
  /** apCost ÷ rate; null when the rate is 0 or the cost is invalid (99 or missing). */
  apPerItem: number | null
  stdDev: number
}

export const isValidApCost = (apCost: number | null | undefined): apCost is number => typeof apCost === 'number' && apCost !== 99

export const shapeMatrix = (elements: readonly MatrixElement[], apCost: number | null | undefined): MatrixRow[] =>
  elements
    .map((e) => {
      const rate = e.times > 0 ? e.quantity / e.times : null
      return {
        itemId: e.itemId,
        times: e.times,
        quantity: e.quantity,
        rate,
        apPerItem: rate && isValidApCost(apCost) ? apCost / rate : null,
        stdDev: e.stdDev,
      }
    })
    .sort((a, b) => (b.rate ?? -1) - (a.rate ?? -1) || a.itemId.localeCompare(b.itemId))

export interface TrendBucket {
  from: number
  to: number
  times: number
  quantity: number
  rate: number | null
}
export interface TrendSeries {
  itemId: string
  startTime: number
  intervalMs: number
  times: number[]
  quantity: number[]
  buckets: TrendBucket[]
  totalTimes: number
  totalQuantity: number
}

export type TrendMap = Record<string, { startTime: number; results: Record<string, { quantity: number[]; times: number[] }> }>

/**
 * One series per item of a trend answer, bucket i covering [startTime + i·interval, +interval),
 * the last one cut at the query's end (api-v2 §8.4). Ordered as the items were asked for, then
 * by total quantity.
 */
export const shapeTrend = (trend: TrendMap, stageId: string, intervalMs: number, end: number | null, order: readonly string[] = []): TrendSeries[] => {
  const stage = trend[stageId]
  if (!stage) return []
  const interval = Math.max(HOUR_MS, effectiveIntervalMs(intervalMs))
  const series = Object.entries(stage.results).map(([itemId, r]) => {
    const n = Math.max(r.times.length, r.quantity.length)
    const times = Array.from({ length: n }, (_, i) => r.times[i] ?? 0)
    const quantity = Array.from({ length: n }, (_, i) => r.quantity[i] ?? 0)
    const buckets = times.map((t, i) => {
      const from = stage.startTime + i * interval
      const to = from + interval
      const q = quantity[i] ?? 0
      return { from, to: end !== null && i === n - 1 ? Math.min(to, end) : to, times: t, quantity: q, rate: t > 0 ? q / t : null }
    })
    const sum = (a: number[]) => a.reduce((s, v) => s + v, 0)
    return { itemId, startTime: stage.startTime, intervalMs: interval, times, quantity, buckets, totalTimes: sum(times), totalQuantity: sum(quantity) }
  })
  const rank = (id: string) => {
    const i = order.indexOf(id)
    return i < 0 ? order.length : i
  }
  return series.sort((a, b) => rank(a.itemId) - rank(b.itemId) || b.totalQuantity - a.totalQuantity || a.itemId.localeCompare(b.itemId))
}

export type QueryErrorKind =
  'rateLimited' | 'invalidRange' | 'intervalTooShort' | 'tooManySections' | 'notFound' | 'loginRequired' | 'network' | 'invalidRequest' | 'other'

/**
 * A readable kind for a failed request, from the API error text `(status) message` (lib/api) and
 * the server's §8.4 messages.
 */
export const classifyError = (status: number | null, message: string): QueryErrorKind => {
  if (status === null) return 'network'
  if (status === 429) return 'rateLimited'
  const m = message.toLowerCase()
  if (m.includes('penguinid')) return 'loginRequired'
  if (m.includes('end must be later')) return 'invalidRange'
  if (m.includes('interval length')) return 'intervalTooShort'
  if (m.includes('section')) return 'tooManySections'
  if (m.includes('not found')) return 'notFound'
  if (status === 400) return 'invalidRequest'
  return 'other'
}

/** `<input type="datetime-local">` value in local time, minute precision; '' for null. */
export const toLocalInput = (ms: number | null): string => {
  if (ms === null) return ''
  const d = new Date(ms)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

/** The instant of a `datetime-local` value (local time); null when empty or unreadable. */
export const fromLocalInput = (value: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value)
  if (!m) return null
  const [, y, mo, d, h, mi, s] = m
  const ms = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)).getTime()
  return Number.isFinite(ms) ? ms : null
}

/**
 * The results of `POST /result/advanced`, one per query in order, checked against the shared schema in its
 * JSON Schema form (lib/answer-schemas.ts: zod stays out of the page); null for any other answer.
 */
export const readResults = (text: string, count: number): AdvancedResult[] | null => {
  try {
    const results = checkAnswer<{ advanced_results: AdvancedResult[] }>('advancedResults', JSON.parse(text)).advanced_results
    return results.length === count ? results : null
  } catch {
    return null
  }
}
