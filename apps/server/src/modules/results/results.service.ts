import {
  NO_END_MS,
  SERVER_LAUNCH_MS,
  type AdvancedQuery,
  type AdvancedQueryRequest,
  type AdvancedResult,
  type Category,
  type MatrixElement,
  type Server,
  type TrendResult,
} from '@dropwise/schemas'
import {
  EMPTY_SUMS,
  GLOBAL_TREND_DAYS,
  PATTERN_CAP,
  RECRUIT_STAGE_ID,
  addSums,
  buildGlobalTrend,
  capPatternsPerStage,
  fillTrend,
  matrixNumbers,
  planTrendBuckets,
  rangesOverlap,
  serverDayIndex,
  serverDayStart,
  sumsFromAggregates,
  sumsFromNumbers,
  trendPlanErrorMessage,
  wireEnd,
  type DailyPairRow,
  type MatrixSums,
  type PatternDrop,
} from '@dropwise/stats'
import type { DataVersion } from '../../lib/data-version'
import { invalidRequest, notFound } from '../../lib/errors'
import type { Db } from '../../plugins/db'
import type { AccountsService } from '../accounts/accounts.service'
import type { DropInfoRow } from '../catalog/catalog.mapper'
import type { CachedBody, CatalogService } from '../catalog/catalog.service'
import { toPatternDrops, toPatternElement, toWirePattern, type KeyedPatternElement } from './results.mapper'
import {
  createResultsRepository,
  type AggregateCategory,
  type PatternCountRow,
  type ReportFilter,
  type ResultsRepository,
  type StageDayWindow,
  type StageTimeWindow,
  type WindowPatternRow,
} from './results.repository'
import { SETTLED_TTL_MS, createSettledCache, firstRecentDay, splitDayWindows } from './settled-days'
import { createVersionCache } from './version-cache'

interface DayRows {
  stage: Awaited<ReturnType<ResultsRepository['stageDays']>>
  item: Awaited<ReturnType<ResultsRepository['itemDays']>>
}

export interface ResultsServiceDeps {
  db: Db
  catalog: CatalogService
  accounts: AccountsService
  /** Bumped whenever aggregates change: global caches rebuild when it moves. */
  version: DataVersion
  clock: () => number
  /**
   * When the imported baselines were fetched, per server: an open-ended baseline covers
   * `[start, fetchedAt)`. Absent → the `baselines.fetchedAt` property (`{CN: ms, …}` or one number);
   * absent there too → the baseline is taken to reach the present (counted only by windows ending now or later).
   */
  baselineFetchedAt?: Partial<Record<Server, number>>
}

/** A serialised answer; personal answers must not be publicly cached. */
export interface ResultsAnswer extends SimulatedBody {
  personal: boolean
}

/** A serialised answer and how many of the runs it counts come from simulated demo reports (docs/api-extensions.md §3g). */
export interface SimulatedBody extends CachedBody {
  simulatedRuns: number
}

/** The aggregate categories a pattern or trend answer of `category` sums: simulated reports are automated ones. */
const withSimulated = (category: Category): AggregateCategory[] => (category === 'manual' ? ['manual'] : [category, 'demo'])

/** Options of a pattern-matrix request (§8.2, §8.5). */
export interface PatternRequest {
  server: Server
  category: Category
  personal: boolean
  /** `true` disables the 19-per-stage cap. */
  showAll: boolean
}

const BASELINE_FETCHED_AT_KEY = 'baselines.fetchedAt'
const isItemLevel = (i: DropInfoRow) => i.item_id !== null && i.drop_type !== 'RECOGNITION_ONLY'

interface PatternWindow {
  stageId: string
  start: number
  end: number
}

interface GlobalPatterns {
  /** Every pattern, stages in catalog order, each stage highest quantity first. */
  all: KeyedPatternElement[]
  bodies: Map<boolean, string>
  builtAt: number
  simulatedRuns: number
}

/** Pattern matrices, trends and advanced queries (api-v2.md §8.2-8.5, §10.3, §10.5, §10.8). */
export const createResultsService = (deps: ResultsServiceDeps) => {
  const { catalog, accounts, clock } = deps
  const repository = createResultsRepository(deps.db)
  const patternCache = createVersionCache<GlobalPatterns>(deps.version, clock)
  const trendCache = createVersionCache<SimulatedBody>(deps.version, clock)
  const settledPatterns = createSettledCache<[PatternCountRow[], { stage_id: string; reports: number }[]]>()
  const settledTrends = createSettledCache<[DayRows['stage'], DayRows['item']]>()

  const sortIds = async () => {
    const items = await catalog.itemList()
    const byId = new Map(items.map((i) => [i.itemId, i.sortId]))
    return (itemId: string) => byId.get(itemId)
  }

  /**
   * §10.5: per stage (not gacha, not recruit), the latest range over which its drop table on the server
   * stayed the same. The seed stores one range per drop info and merges unchanged ranges of an item, so
   * "the range of the latest drop info" is rebuilt as the latest span between consecutive starts/ends
   * of the stage's drop infos in which one of them is active (e.g. after a two-week event item on a
   * main stage, the span since the event ended). Drop infos that have not started by `now` are ignored
   * until they start. Also returns the next instant at which a window or the wire form of its end changes.
   */
  const patternWindows = async (server: Server, now: number) => {
    const windows: PatternWindow[] = []
    let validUntil = Number.POSITIVE_INFINITY
    for (const stage of await catalog.stageRows()) {
      if (stage.is_gacha || stage.stage_id === RECRUIT_STAGE_ID) continue
      const started: DropInfoRow[] = []
      for (const info of await catalog.dropInfos(server, stage.stage_id)) {
        if (info.drop_type === 'RECOGNITION_ONLY') continue
        if (info.start_at > now) validUntil = Math.min(validUntil, info.start_at)
        else {
          started.push(info)
          if (info.end_at > now && info.end_at < NO_END_MS) validUntil = Math.min(validUntil, info.end_at)
        }
      }
      const window = latestSpan(started)
      if (window) windows.push({ stageId: stage.stage_id, ...window })
    }
    return { windows, validUntil }
  }

  const patternElements = async (
    windows: PatternWindow[],
    rows: PatternCountRow[],
    stageTimes: Map<string, number>,
    now: number,
  ): Promise<KeyedPatternElement[]> => {
    const sortIdOf = await sortIds()
    const byStage = new Map<string, PatternCountRow[]>()
    for (const r of rows) {
      const list = byStage.get(r.stage_id)
      if (list) list.push(r)
      else byStage.set(r.stage_id, [r])
    }
    const elements: KeyedPatternElement[] = []
    for (const w of windows) {
      const list = byStage.get(w.stageId)
      if (!list) continue
      const times = stageTimes.get(w.stageId) ?? list.reduce((s, r) => s + r.reports, 0)
      for (const r of list) {
        const drops: PatternDrop[] = toPatternDrops(r.drops)
        elements.push(
          toPatternElement({ stageId: w.stageId, drops, times, quantity: r.reports, start: w.start, end: wireEnd(w.end, now) }, sortIdOf),
        )
      }
    }
    // Highest quantity first within each stage, ties by pattern key: deterministic output.
    return capPatternsPerStage(elements, Number.POSITIVE_INFINITY, (e) => e.key)
  }

  const patternBody = (elements: KeyedPatternElement[], showAll: boolean) => {
    const kept = showAll ? elements : capPatternsPerStage(elements, PATTERN_CAP, (e) => e.key)
    return JSON.stringify({ pattern_matrix: kept.map(toWirePattern) })
  }

  const globalPatterns = (server: Server, category: Category) =>
    patternCache.get(`${server}|${category}`, async (now) => {
      const { windows, validUntil } = await patternWindows(server, now)
      const dayWindows = windows.map((w) => ({
        stageId: w.stageId,
        fromDay: serverDayIndex(server, w.start),
        toDay: serverDayIndex(server, w.end - 1),
      }))
      const cut = firstRecentDay(serverDayIndex(server, now))
      const split = splitDayWindows(dayWindows, cut)
      const rows = new Map<string, PatternCountRow>()
      const singles = new Map<string, number>()
      let simulatedRuns = 0
      for (const c of withSimulated(category)) {
        const readCounts = (ws: StageDayWindow[]) =>
          Promise.all([repository.patternCounts(server, c, ws), repository.singleRunCounts(server, c, ws)])
        const [settled, recent] = await Promise.all([
          settledPatterns.get(`${server}|${c}`, `${cut}|${JSON.stringify(split.settled)}`, now, () => readCounts(split.settled)),
          readCounts(split.recent),
        ])
        for (const r of [...settled[0], ...recent[0]]) {
          const key = `${r.stage_id}|${r.pattern_id}`
          const seen = rows.get(key)
          rows.set(key, seen ? { ...seen, reports: seen.reports + r.reports } : r)
        }
        for (const r of [...settled[1], ...recent[1]]) {
          singles.set(r.stage_id, (singles.get(r.stage_id) ?? 0) + r.reports)
          if (c === 'demo') simulatedRuns += r.reports
        }
      }
      const all = await patternElements(windows, [...rows.values()].filter((r) => r.reports > 0), singles, now)
      // Midnight moves the settled/recent cut; the settled part is re-read within its TTL at the latest.
      const nextRoll = Math.min(validUntil, serverDayStart(server, serverDayIndex(server, now) + 1), now + SETTLED_TTL_MS)
      return { value: { all, bodies: new Map(), builtAt: now, simulatedRuns }, validUntil: nextRoll }
    })

  /** The bucket-free matrix of one stage over a custom window (§10.3 "custom window"). */
  const windowMatrix = async (q: ResolvedQuery, now: number): Promise<{ matrix: MatrixElement[] }> => {
    const rows = await repository.windowPatterns(q.filter)
    const { itemSums, runs } = sumPatterns(rows)
    const pairs = new Set(
      (await catalog.dropInfos(q.filter.server, q.filter.stageId))
        .filter((i) => isItemLevel(i) && rangesOverlap({ start: i.start_at, end: i.end_at }, q.filter))
        .map((i) => i.item_id as string),
    )
    const sums = new Map<string, MatrixSums>()
    for (const itemId of pairs) sums.set(itemId, itemSums.get(itemId) ?? { ...EMPTY_SUMS, times: runs })
    if (q.filter.accountId === null && q.filter.category === 'all') {
      const fetchedAt = await baselineFetchedAt(q.filter.server)
      for (const b of await repository.stageBaselines(q.filter.server, q.filter.stageId)) {
        const baselineEnd = b.end_at < NO_END_MS ? b.end_at : (fetchedAt ?? now)
        if (b.start_at < q.filter.start || baselineEnd > q.filter.end) continue
        const base = sumsFromNumbers({ times: b.times, quantity: b.quantity, stdDev: b.std_dev })
        sums.set(b.item_id, addSums(sums.get(b.item_id) ?? itemSums.get(b.item_id) ?? { ...EMPTY_SUMS, times: runs }, base))
      }
    }
    const sortIdOf = await sortIds()
    // A pair without a single run in the window has no rate: the public service leaves it out, and a
    // `times: 0` row makes the public web client print "NaN%". Zero-quantity pairs with runs stay (§10.3).
    const itemIds = [...sums.keys()]
      .filter((id) => (sums.get(id)?.times ?? 0) > 0)
      .filter((id) => q.itemIds === null || q.itemIds.has(id))
      .sort((a, b) => (sortIdOf(a) ?? Infinity) - (sortIdOf(b) ?? Infinity) || (a < b ? -1 : a > b ? 1 : 0))
    const end = wireEnd(q.filter.end, now)
    return {
      matrix: itemIds.map((itemId) => ({
        stageId: q.filter.stageId,
        itemId,
        ...matrixNumbers(sums.get(itemId) as MatrixSums),
        start: q.filter.start,
        end,
      })),
    }
  }

  /** Trend of one stage over a custom window (§8.4, the "Ours" variant). */
  const windowTrend = async (q: ResolvedQuery, interval: number, simulated: { runs: number }): Promise<TrendResult> => {
    const plan = planTrendBuckets(q.filter.start, q.filter.end, interval)
    if (!plan.ok) throw invalidRequest(trendPlanErrorMessage(plan))
    const rows = await repository.windowBucketPatterns(q.filter, plan.intervalMs)
    if (rows.length === 0) return { trend: {} }
    const runs: { at: number; times: number }[] = []
    const drops = new Map<string, { at: number; quantity: number }[]>()
    for (const r of rows) {
      const at = plan.startTime + r.bucket * plan.intervalMs
      runs.push({ at, times: r.times })
      simulated.runs += r.simulated_times
      for (const d of toPatternDrops(r.drops)) {
        const samples = drops.get(d.itemId)
        if (samples) samples.push({ at, quantity: d.quantity * r.reports })
        else drops.set(d.itemId, [{ at, quantity: d.quantity * r.reports }])
      }
    }
    let itemIds: Iterable<string>
    if (q.itemIds !== null) itemIds = q.itemIds
    else {
      const infos = await catalog.dropInfos(q.filter.server, q.filter.stageId)
      itemIds = new Set([
        ...infos.filter((i) => isItemLevel(i) && rangesOverlap({ start: i.start_at, end: i.end_at }, q.filter)).map((i) => i.item_id as string),
        ...drops.keys(),
      ])
    }
    const series = new Map<string, { at: number; quantity: number }[]>()
    for (const itemId of itemIds) series.set(itemId, drops.get(itemId) ?? [])
    return {
      trend: {
        [q.filter.stageId]: { results: Object.fromEntries(fillTrend(plan, runs, series)), startTime: plan.startTime },
      },
    }
  }

  let fetchedAtProperty: Promise<Partial<Record<Server, number>> | null> | null = null
  const baselineFetchedAt = async (server: Server): Promise<number | null> => {
    if (deps.baselineFetchedAt) return deps.baselineFetchedAt[server] ?? null
    fetchedAtProperty ??= repository.property(BASELINE_FETCHED_AT_KEY).then((v) => {
      if (typeof v === 'number') return { CN: v, US: v, JP: v, KR: v }
      return v !== null && typeof v === 'object' ? (v as Partial<Record<Server, number>>) : null
    })
    const value = (await fetchedAtProperty)?.[server]
    return typeof value === 'number' ? value : null
  }

  interface ResolvedQuery {
    filter: ReportFilter
    /** `null` = every item of the stage. */
    itemIds: Set<string> | null
    interval: number | null
  }

  const resolve = async (q: AdvancedQuery, penguinId: string | null, now: number): Promise<ResolvedQuery> => {
    if (!(await catalog.stageRow(q.stageId))) throw notFound()
    const itemIds = q.itemIds ?? []
    if (itemIds.length > 0) {
      const known = new Set((await catalog.itemList()).map((i) => i.itemId))
      if (itemIds.some((id) => !known.has(id))) throw notFound()
    }
    // 0 and null mean "not given" (§8.4).
    const start = q.start || SERVER_LAUNCH_MS[q.server]
    const end = q.end || now
    if (end <= start) throw invalidRequest(trendPlanErrorMessage({ ok: false, reason: 'invalid-window' }))
    const accountId = q.isPersonal ? (await accounts.require(penguinId)).account_id : null
    return {
      // Simulated demo reports fill trends (labelled by the caller); a matrix counts real reports only.
      filter: { server: q.server, stageId: q.stageId, start, end, category: q.sourceCategory || 'all', accountId, simulated: q.interval != null },
      itemIds: itemIds.length > 0 ? new Set(itemIds) : null,
      interval: q.interval ?? null,
    }
  }

  return {
    /** Forgets cached global answers (they also rebuild by themselves when the data version moves). */
    invalidate: () => {
      patternCache.clear()
      trendCache.clear()
      settledPatterns.clear()
      settledTrends.clear()
      fetchedAtProperty = null
    },

    /** `{pattern_matrix}` (§8.2, §8.5, §10.5): global answers from the daily aggregates, personal from raw reports. */
    async patterns(req: PatternRequest, penguinId: string | null): Promise<ResultsAnswer> {
      if (req.personal) {
        const account = await accounts.require(penguinId)
        const now = clock()
        const { windows } = await patternWindows(req.server, now)
        const timeWindows: StageTimeWindow[] = windows.map((w) => ({ stageId: w.stageId, start: w.start, end: w.end }))
        const rows = await repository.personalPatternCounts(req.server, req.category, account.account_id, timeWindows)
        const elements = await patternElements(windows, rows, new Map(), now)
        return { body: patternBody(elements, req.showAll), builtAt: now, personal: true, simulatedRuns: 0 }
      }
      const global = await globalPatterns(req.server, req.category)
      let body = global.bodies.get(req.showAll)
      if (body === undefined) {
        body = patternBody(global.all, req.showAll)
        global.bodies.set(req.showAll, body)
      }
      return { body, builtAt: global.builtAt, personal: false, simulatedRuns: global.simulatedRuns }
    },

    /** The 60-day global trend of a server (§8.3, §10.8), daily buckets, category `all` plus simulated reports. */
    trends: (server: Server): Promise<SimulatedBody> =>
      trendCache.get(server, async (now) => {
        const today = serverDayIndex(server, now)
        const from = today - GLOBAL_TREND_DAYS + 1
        const cut = firstRecentDay(today)
        const stageDays: DayRows['stage'] = []
        const itemDays: DayRows['item'] = []
        let simulatedRuns = 0
        for (const c of withSimulated('all')) {
          const read = (fromDay: number, toDay: number) =>
            Promise.all([repository.stageDays(server, c, fromDay, toDay), repository.itemDays(server, c, fromDay, toDay)])
          const [settled, recent] = await Promise.all([
            settledTrends.get(`${server}|${c}`, `${from}|${cut}`, now, () => read(from, cut - 1)),
            read(cut, today),
          ])
          stageDays.push(...settled[0], ...recent[0])
          itemDays.push(...settled[1], ...recent[1])
          if (c === 'demo') simulatedRuns += [...settled[0], ...recent[0]].reduce((n, r) => n + r.times, 0)
        }
        const runs = new Map<string, Map<number, number>>()
        for (const r of stageDays) {
          const days = runs.get(r.stage_id) ?? new Map<number, number>()
          days.set(r.day, (days.get(r.day) ?? 0) + r.times)
          runs.set(r.stage_id, days)
        }
        const quantities = new Map<string, Map<string, Map<number, number>>>()
        for (const r of itemDays) {
          const items = quantities.get(r.stage_id) ?? new Map<string, Map<number, number>>()
          const days = items.get(r.item_id) ?? new Map<number, number>()
          days.set(r.day, (days.get(r.day) ?? 0) + r.quantity)
          items.set(r.item_id, days)
          quantities.set(r.stage_id, items)
        }
        // Every item of a stage gets the stage's real runs on every day, with its quantity or 0.
        const rows: DailyPairRow[] = []
        for (const [stageId, items] of quantities) {
          const stageRuns = runs.get(stageId) ?? new Map<number, number>()
          const days = new Set([...stageRuns.keys(), ...[...items.values()].flatMap((d) => [...d.keys()])])
          for (const [itemId, itemDaysOf] of items) {
            for (const dayIndex of days) {
              rows.push({ stageId, itemId, dayIndex, times: stageRuns.get(dayIndex) ?? 0, quantity: itemDaysOf.get(dayIndex) ?? 0 })
            }
          }
        }
        const trend = buildGlobalTrend(server, today, rows)
        return { value: { body: JSON.stringify({ trend }), builtAt: now, simulatedRuns }, validUntil: Math.min(serverDayStart(server, today + 1), now + SETTLED_TTL_MS) }
      }),

    /** `POST /result/advanced` (§8.4): one matrix or trend per query, from raw reports (plus covered baselines). */
    async advanced(
      request: AdvancedQueryRequest,
      penguinId: string | null,
    ): Promise<{ results: AdvancedResult[]; personal: boolean; simulatedRuns: number }> {
      const now = clock()
      const resolved: ResolvedQuery[] = []
      for (const q of request.queries) resolved.push(await resolve(q, penguinId, now))
      const results: AdvancedResult[] = []
      const simulated = { runs: 0 }
      for (const q of resolved) results.push(q.interval === null ? await windowMatrix(q, now) : await windowTrend(q, q.interval, simulated))
      return { results, personal: resolved.some((q) => q.filter.accountId !== null), simulatedRuns: simulated.runs }
    },
  }
}
export type ResultsService = ReturnType<typeof createResultsService>

/** Per-item sufficient statistics of grouped reports: each pattern row adds its reports to the item's quantity histogram. */
const sumPatterns = (rows: readonly WindowPatternRow[]) => {
  let runs = 0
  const histograms = new Map<string, { quantity: number; histogram: Record<number, number> }>()
  for (const r of rows) {
    runs += r.times
    for (const d of toPatternDrops(r.drops)) {
      const h = histograms.get(d.itemId) ?? { quantity: 0, histogram: {} }
      h.quantity += d.quantity * r.reports
      h.histogram[d.quantity] = (h.histogram[d.quantity] ?? 0) + r.reports
      histograms.set(d.itemId, h)
    }
  }
  const itemSums = new Map<string, MatrixSums>()
  for (const [itemId, h] of histograms) itemSums.set(itemId, sumsFromAggregates([{ times: runs, ...h }]))
  return { itemSums, runs }
}

/**
 * The latest span `[b, next)` between consecutive boundaries (starts and ends) of `infos` in which at
 * least one of them is active; `next` is the "no end" sentinel when nothing starts or ends after `b`.
 * `null` for no infos.
 */
export const latestSpan = (infos: readonly Pick<DropInfoRow, 'start_at' | 'end_at'>[]): { start: number; end: number } | null => {
  const boundaries = [...new Set(infos.flatMap((i) => (i.end_at < NO_END_MS ? [i.start_at, i.end_at] : [i.start_at])))].sort(
    (a, b) => a - b,
  )
  for (let k = boundaries.length - 1; k >= 0; k--) {
    const b = boundaries[k] as number
    if (infos.some((i) => i.start_at <= b && b < i.end_at)) return { start: b, end: boundaries[k + 1] ?? NO_END_MS }
  }
  return null
}
