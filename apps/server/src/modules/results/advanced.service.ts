import {
  NO_END_MS,
  SERVER_LAUNCH_MS,
  type AdvancedQuery,
  type AdvancedQueryRequest,
  type AdvancedResult,
  type MatrixElement,
  type Server,
  type TrendResult,
} from '@dropwise/schemas'
import {
  EMPTY_SUMS,
  addSums,
  fillTrend,
  matrixNumbers,
  planTrendBuckets,
  rangesOverlap,
  sumsFromAggregates,
  sumsFromNumbers,
  trendPlanErrorMessage,
  wireEnd,
  type MatrixSums,
} from '@dropwise/stats'
import { invalidRequest, notFound } from '../../lib/errors'
import type { AccountsService } from '../accounts/accounts.service'
import { isItemLevel } from '../catalog/catalog.types'
import type { CatalogService } from '../catalog/catalog.service'
import { itemSortIds } from './results-answer'
import { toPatternDrops } from './results.mapper'
import type { ReportFilter, ResultsRepository, WindowPatternRow } from './results.repository'

export interface AdvancedServiceDeps {
  repository: ResultsRepository
  catalog: CatalogService
  accounts: AccountsService
  clock: () => number
  /**
   * When the imported baselines were fetched, per server: an open-ended baseline covers
   * `[start, fetchedAt)`. Absent → the `baselines.fetchedAt` property (`{CN: ms, …}` or one number);
   * absent there too → the baseline is taken to reach the present (counted only by windows ending now or later).
   */
  baselineFetchedAt?: Partial<Record<Server, number>>
}

const BASELINE_FETCHED_AT_KEY = 'baselines.fetchedAt'

/** Advanced queries: one matrix or trend per query over a custom window, from raw reports (api-v2.md §8.4, §10.3). */
export const createAdvancedService = (deps: AdvancedServiceDeps) => {
  const { repository, catalog, accounts, clock } = deps

  /** The bucket-free matrix of one stage over a custom window (§10.3 "custom window"). */
  const windowMatrix = async (q: ResolvedQuery, now: number): Promise<{ matrix: MatrixElement[] }> => {
    const rows = await repository.windowPatterns(q.filter)
    const { itemSums, runs } = sumPatterns(rows)
    const pairs = new Set(
      (await catalog.dropInfos(q.filter.server, q.filter.stageId))
        .filter((i) => isItemLevel(i) && rangesOverlap({ start: i.startAt, end: i.endAt }, q.filter))
        .map((i) => i.itemId as string),
    )
    const sums = new Map<string, MatrixSums>()
    for (const itemId of pairs) sums.set(itemId, itemSums.get(itemId) ?? { ...EMPTY_SUMS, times: runs })
    if (q.filter.accountId === null && q.filter.category === 'all') {
      const fetchedAt = await baselineFetchedAt(q.filter.server)
      for (const b of await repository.stageBaselines(q.filter.server, q.filter.stageId)) {
        const baselineEnd = b.endAt < NO_END_MS ? b.endAt : (fetchedAt ?? now)
        if (b.startAt < q.filter.start || baselineEnd > q.filter.end) continue
        const base = sumsFromNumbers({ times: b.times, quantity: b.quantity, stdDev: b.stdDev })
        sums.set(b.itemId, addSums(sums.get(b.itemId) ?? itemSums.get(b.itemId) ?? { ...EMPTY_SUMS, times: runs }, base))
      }
    }
    const sortIdOf = await itemSortIds(catalog)
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
        ...infos.filter((i) => isItemLevel(i) && rangesOverlap({ start: i.startAt, end: i.endAt }, q.filter)).map((i) => i.itemId as string),
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
    // An upstream answer in effect (issue 40) reaches its fetch; it moves with every answer, so it is read each time.
    const upstream = await repository.upstreamFetchedAt(server)
    if (upstream !== null) return upstream
    if (!fetchedAtProperty) {
      const read = repository.property(BASELINE_FETCHED_AT_KEY).then((v) => {
        if (typeof v === 'number') return { CN: v, US: v, JP: v, KR: v }
        return v !== null && typeof v === 'object' ? (v as Partial<Record<Server, number>>) : null
      })
      fetchedAtProperty = read
      // Not kept when the read failed (the database was down): the next query reads it again.
      read.catch(() => fetchedAtProperty === read && (fetchedAtProperty = null))
    }
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
    if (!(await catalog.stageRecord(q.stageId))) throw notFound()
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
    /** Forgets the cached baseline fetch times. */
    invalidate: () => {
      fetchedAtProperty = null
    },

    /** `POST /result/advanced` (§8.4): one matrix or trend per query, from raw reports (plus covered baselines). */
    async query(request: AdvancedQueryRequest, penguinId: string | null): Promise<{ results: AdvancedResult[]; personal: boolean; simulatedRuns: number }> {
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
export type AdvancedService = ReturnType<typeof createAdvancedService>

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
