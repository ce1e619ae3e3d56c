import { gzip } from 'node:zlib'
import { promisify } from 'node:util'
import { NO_END_MS, type Category, type MatrixElement, type MatrixQuery, type Server } from '@dropwise/schemas'
import { currentPeriod, matrixNumbers, addSums, sumsFromNumbers, sumsFromReports, serverDayIndex, wireEnd, type AccumulableRange, type Period } from '@dropwise/stats'
import type { DataVersion } from '../../lib/data-version'
import type { AccountsService } from '../accounts/accounts.service'
import type { DropInfoRecord } from '../catalog/catalog.types'
import type { CatalogService } from '../catalog/catalog.service'
import { createBasis } from './basis'
import type { MatrixBaseline } from './matrix.mapper'
import type { MatrixRepository, PairWindow } from './matrix.repository'

export interface MatrixServiceDeps {
  repository: MatrixRepository
  catalog: CatalogService
  accounts: AccountsService
  version: DataVersion
  clock: () => number
}

/** A serialised answer, pre-compressed for clients that accept gzip. */
export interface MatrixAnswer {
  body: string
  gzip: Buffer | null
  builtAt: number
  personal: boolean
}

interface GlobalEntry {
  version: number
  builtAt: number
  /** Every pair with a quantity, closed stages included. */
  elements: MatrixElement[]
  bodies: Map<string, { body: string; gzip: Buffer; validUntil: number }>
}

const OPEN_SET_TTL_MS = 60_000
// Under a stream of reports the version moves every worker pass; rebuilding at most this often keeps
// CPU for requests while staying well inside the 60 s freshness promise.
const MIN_REBUILD_INTERVAL_MS = 3_000
const gzipAsync = promisify(gzip)
const NO_END_DAY = 2_000_000_000

/** The item-level drop-info ranges of a pair on a server (recognition-only entries excluded). */
const pairRanges = (infos: readonly DropInfoRecord[], itemId: string): AccumulableRange[] =>
  infos
    .filter((i) => i.itemId === itemId && i.dropType !== 'RECOGNITION_ONLY')
    .map((i) => ({ start: i.startAt, end: i.endAt >= NO_END_MS ? null : i.endAt, accumulable: i.accumulable }))

/**
 * Drop matrices (api-v2.md §8.1, §10.3). Global answers sum the imported baselines and the per-day
 * aggregates over each pair's current period; they are rebuilt when the data version moves and served
 * serialised (and gzipped) from memory, the old answer staying available while the new one builds.
 * Personal answers read the caller's raw reports.
 */
export const createMatrixService = ({ repository, catalog, accounts, version, clock }: MatrixServiceDeps) => {
  const cache = new Map<string, GlobalEntry>()
  const building = new Map<string, { version: number; promise: Promise<GlobalEntry> }>()

  // The imported baselines (~30k rows) change only when a seed loads: held per server, read again only
  // when the seed's stamp moves, not at every rebuild (a rebuild runs every few seconds while reports come in).
  const baselineCache = new Map<Server, { stamp: string | null; rows: Promise<MatrixBaseline[]> }>()
  const baselinesOf = async (server: Server): Promise<MatrixBaseline[]> => {
    const stamp = await repository.baselineStamp()
    const hit = baselineCache.get(server)
    if (hit && hit.stamp === stamp) return hit.rows
    const rows = repository.baselines(server)
    baselineCache.set(server, { stamp, rows })
    rows.catch(() => {
      if (baselineCache.get(server)?.rows === rows) baselineCache.delete(server)
    })
    return rows
  }

  const periodOf = async (server: Server, stageId: string, itemId: string, now: number): Promise<Period | null> =>
    currentPeriod(pairRanges(await catalog.dropInfos(server, stageId), itemId), now)

  const build = async (server: Server, category: Category): Promise<GlobalEntry> => {
    const startedVersion = version.get()
    const now = clock()
    const [baselines, totals] = await Promise.all([category === 'all' ? baselinesOf(server) : Promise.resolve([]), repository.totals(server, category)])
    const pairs = new Map<string, { stageId: string; itemId: string; period: Period; baseline?: (typeof baselines)[number] }>()
    let n = 0
    // The loops below touch every pair (~11k on CN): yield now and then so requests keep flowing while
    // a rebuild runs (microtask awaits alone never let I/O in).
    const breathe = async () => {
      if (++n % 500 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    for (const b of baselines) {
      await breathe()
      const known = await periodOf(server, b.stageId, b.itemId, now)
      // An upstream's pair this game data has no drop info for (a stage or item it does not know yet) waits for
      // it: the figure would name a window no /stages answer shows (apps/server/src/modules/upstream/README.md).
      if (!known && b.upstream) continue
      const period = known ?? { start: b.startAt, end: b.endAt >= NO_END_MS ? null : b.endAt }
      pairs.set(`${b.stageId}|${b.itemId}`, { stageId: b.stageId, itemId: b.itemId, period, baseline: b })
    }
    for (const a of totals.items) {
      await breathe()
      const key = `${a.stage_id}|${a.item_id}`
      if (pairs.has(key)) continue
      const period = await periodOf(server, a.stage_id, a.item_id, now)
      if (period) pairs.set(key, { stageId: a.stage_id, itemId: a.item_id, period })
    }
    // A pair whose window covers every day with data of its stage is answered from the all-time totals;
    // only the others (periods that began or ended while reports came in) sum their days.
    const stageTotals = new Map(totals.stages.map((t) => [t.stage_id, t]))
    const itemTotals = new Map(totals.items.map((t) => [`${t.stage_id}|${t.item_id}`, t]))
    const sums = new Map<string, { times: number; quantity: number; quantity_sq: number }>()
    const partial: PairWindow[] = []
    for (const [key, p] of pairs) {
      await breathe()
      const st = stageTotals.get(p.stageId)
      if (!st) continue
      const fromDay = serverDayIndex(server, p.period.start)
      const toDay = p.period.end === null ? NO_END_DAY : serverDayIndex(server, p.period.end - 1) + 1
      if (fromDay <= st.min_day && toDay > st.max_day) {
        const it = itemTotals.get(key)
        sums.set(key, { times: st.times, quantity: it?.quantity ?? 0, quantity_sq: it?.quantity_sq ?? 0 })
      } else if (toDay > st.min_day && fromDay <= st.max_day) {
        partial.push({ stageId: p.stageId, itemId: p.itemId, fromDay, toDay })
      }
    }
    for (const s of await repository.windowSums(server, category, partial)) sums.set(`${s.stage_id}|${s.item_id}`, s)
    const elements: MatrixElement[] = []
    for (const [key, p] of pairs) {
      const s = sums.get(key)
      let total = { times: s?.times ?? 0, quantity: s?.quantity ?? 0, sumSquares: s?.quantity_sq ?? 0 }
      // The baseline counts when it describes this very period (the importer guarantees it does for the seed's;
      // an upstream's figure for another period than the local drop infos' is left out: they win).
      if (p.baseline && p.baseline.startAt === p.period.start) {
        total = addSums(sumsFromNumbers({ times: p.baseline.times, quantity: p.baseline.quantity, stdDev: p.baseline.stdDev }), total)
      }
      if (total.quantity <= 0 || total.times <= 0) continue
      const n = matrixNumbers(total)
      elements.push({
        stageId: p.stageId,
        itemId: p.itemId,
        times: n.times,
        quantity: n.quantity,
        stdDev: n.stdDev,
        start: p.period.start,
        end: wireEnd(p.period.end, now),
      })
    }
    elements.sort((a, b) => (a.stageId < b.stageId ? -1 : a.stageId > b.stageId ? 1 : a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0))
    return { version: startedVersion, builtAt: now, elements, bodies: new Map() }
  }

  /** The current entry; a stale one is returned at once while a rebuild runs in the background. */
  const entryFor = async (server: Server, category: Category, force = false): Promise<GlobalEntry> => {
    const key = `${server}|${category}`
    const wanted = version.get()
    const hit = cache.get(key)
    if (hit && hit.version === wanted) return hit
    if (!force && hit && clock() - hit.builtAt < MIN_REBUILD_INTERVAL_MS && !building.has(key)) return hit
    let pending = building.get(key)
    if (!pending || pending.version !== wanted) {
      // A build for an older version may still run: the new one starts after it.
      const previous = pending?.promise.catch(() => undefined) ?? Promise.resolve()
      const promise = previous
        .then(() => build(server, category))
        .then((entry) => {
          const current = cache.get(key)
          if (!current || current.version <= entry.version) cache.set(key, entry)
          return entry
        })
        .finally(() => {
          if (building.get(key)?.promise === promise) building.delete(key)
        })
      // A stale answer may be returned below while this runs: its failure (e.g. the database closed
      // under it at shutdown) must not become an unhandled rejection; the next request builds again.
      promise.catch(() => undefined)
      pending = { version: wanted, promise }
      building.set(key, pending)
    }
    return hit ?? pending.promise
  }

  // Rebuild eagerly when the data moves, so the next request already finds fresh numbers; at most
  // once per MIN_REBUILD_INTERVAL_MS per key (requests meanwhile get the previous answer).
  let scheduled: NodeJS.Timeout | null = null
  const rebuildKnown = () => {
    scheduled = null
    for (const key of cache.keys()) {
      const [server, category] = key.split('|') as [Server, Category]
      void entryFor(server, category).catch(() => {})
    }
  }
  version.subscribe(() => {
    if (scheduled) return
    const newest = Math.max(0, ...[...cache.values()].map((e) => e.builtAt))
    const wait = Math.max(0, newest + MIN_REBUILD_INTERVAL_MS - clock())
    scheduled = setTimeout(rebuildKnown, wait)
    scheduled.unref()
  })

  const serialise = async (matrix: MatrixElement[]) => {
    const body = JSON.stringify({ matrix })
    return { body, gzip: await gzipAsync(body, { level: 6 }) }
  }

  const globalAnswer = async (server: Server, category: Category, showClosed: boolean) => {
    const entry = await entryFor(server, category)
    const now = clock()
    const bodyKey = showClosed ? 'all' : 'open'
    const cached = entry.bodies.get(bodyKey)
    if (cached && now < cached.validUntil) return { entry, ...cached }
    let elements = entry.elements
    if (!showClosed) {
      const open = await catalog.openStageIds(server, now)
      elements = elements.filter((e) => open.has(e.stageId))
    }
    const made = { ...(await serialise(elements)), validUntil: showClosed ? Number.POSITIVE_INFINITY : now + OPEN_SET_TTL_MS }
    entry.bodies.set(bodyKey, made)
    return { entry, ...made }
  }

  const personal = async (server: Server, category: Category, accountId: number): Promise<MatrixElement[]> => {
    const now = clock()
    const reports = (await repository.personalReports(accountId, server)).filter((r) => category === 'all' || r.category === category)
    const byStage = new Map<string, typeof reports>()
    for (const r of reports) byStage.set(r.stage_id, [...(byStage.get(r.stage_id) ?? []), r])
    const elements: MatrixElement[] = []
    for (const [stageId, list] of byStage) {
      const infos = await catalog.dropInfos(server, stageId)
      const items = new Set([
        ...infos.filter((i) => i.itemId && i.dropType !== 'RECOGNITION_ONLY').map((i) => i.itemId as string),
        ...list.flatMap((r) => r.pattern.map((d) => d.itemId)),
      ])
      for (const itemId of items) {
        const period = currentPeriod(pairRanges(infos, itemId), now) ?? { start: 0, end: null }
        const inWindow = list.filter((r) => r.created_at >= period.start && (period.end === null || r.created_at < period.end))
        if (inWindow.length === 0) continue
        const n = matrixNumbers(sumsFromReports(inWindow.map((r) => ({ times: r.times, quantity: r.pattern.find((d) => d.itemId === itemId)?.quantity ?? 0 }))))
        if (n.times <= 0) continue
        elements.push({ stageId, itemId, times: n.times, quantity: n.quantity, stdDev: n.stdDev, start: period.start, end: wireEnd(period.end, now) })
      }
    }
    return elements
  }

  return {
    /** What a stage's numbers are made of, by source (docs/api-extensions.md §3g). */
    basis: createBasis({ repository, catalog, version }),
    /** Global elements as objects, for in-process consumers such as the planner. */
    globalElements: async (server: Server, category: Category, showClosed: boolean) => {
      const entry = await entryFor(server, category)
      if (showClosed) return entry.elements
      const open = await catalog.openStageIds(server, clock())
      return entry.elements.filter((e) => open.has(e.stageId))
    },
    /** Resolves when no rebuild is running (tests and benchmarks wait for fresh numbers with it). */
    settle: async () => {
      if (scheduled) clearTimeout(scheduled)
      scheduled = null
      await Promise.allSettled(
        [...cache.keys()].map((key) => {
          const [server, category] = key.split('|') as [Server, Category]
          return entryFor(server, category, true).then(() => building.get(key)?.promise)
        }),
      )
      while (building.size > 0) await Promise.allSettled([...building.values()].map((b) => b.promise))
    },
    /** Builds the caches of every server now (at start-up), so the first requests do not wait. */
    warm: async (servers: readonly Server[]) => {
      for (const s of servers) await globalAnswer(s, 'all', true)
    },
    async matrix(query: MatrixQuery & { showClosed: boolean }, penguinId: string | null): Promise<MatrixAnswer> {
      if (query.is_personal) {
        const account = await accounts.require(penguinId)
        const elements = await personal(query.server, query.category, account.account_id)
        const filtered = applyFilters(elements, query)
        return { body: JSON.stringify({ matrix: filtered }), gzip: null, builtAt: clock(), personal: true }
      }
      const answer = await globalAnswer(query.server, query.category, query.showClosed)
      if (!query.stageFilter?.length && !query.itemFilter?.length) {
        return { body: answer.body, gzip: answer.gzip, builtAt: answer.entry.builtAt, personal: false }
      }
      let elements = answer.entry.elements
      if (!query.showClosed) {
        const open = await catalog.openStageIds(query.server, clock())
        elements = elements.filter((e) => open.has(e.stageId))
      }
      return { body: JSON.stringify({ matrix: applyFilters(elements, query) }), gzip: null, builtAt: answer.entry.builtAt, personal: false }
    },
  }
}

const applyFilters = (elements: MatrixElement[], query: MatrixQuery) => {
  const stages = query.stageFilter?.length ? new Set(query.stageFilter) : null
  const items = query.itemFilter?.length ? new Set(query.itemFilter) : null
  if (!stages && !items) return elements
  return elements.filter((e) => (!stages || stages.has(e.stageId)) && (!items || items.has(e.itemId)))
}

export type MatrixService = ReturnType<typeof createMatrixService>
