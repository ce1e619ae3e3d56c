import type { Server } from '@dropwise/schemas'
import { DAY_MS, serverDayIndex, serverDayStart, siteStats, type SiteStatsStage } from '@dropwise/stats'
import type { DataVersion } from '../../lib/data-version'
import type { CachedBody, CatalogService } from '../catalog/catalog.service'
import { SETTLED_TTL_MS, createSettledCache, firstRecentDay } from '../results/settled-days'
import { createVersionCache } from '../results/version-cache'
import type { SiteStatsRepository } from './site-stats.repository'

/** How long the last-24-hours totals are reused: the window slides continuously, so it is refreshed on a timer. */
const RECENT_TTL_MS = 5 * 60 * 1000
// Aggregate runs of a stage are added to every item row of the stage and to this extra key, so the
// per-stage maximum of siteStats is "largest baseline item total + aggregated runs" (or just the runs).
const STAGE_RUNS_KEY = '\u0000runs'
// Day-index bounds of "all history" (the day column is a 32-bit integer).
const MIN_DAY = -2_147_483_648
const MAX_DAY = 2_147_483_647

export interface SiteStatsServiceDeps {
  repository: SiteStatsRepository
  catalog: CatalogService
  version: DataVersion
  clock: () => number
}

interface AllTime {
  pairTimes: { stageId: string; itemId: string; times: number }[]
  itemQuantities: { itemId: string; quantity: number }[]
}

/**
 * Site statistics (api-v2.md §6.8, §10.7): all-time totals from the imported baselines plus the daily
 * aggregates (category `all`, which never holds simulated demo reports): settled days are kept in memory, recent days re-read when the data
 * version moves (see settled-days.ts); the last-24-hours runs from raw valid reports (simulated ones included
 * and counted for the X-Dropwise-Simulated-Runs header), refreshed every
 * five minutes. The serialised body is cached per server.
 */
export const createSiteStatsService = (deps: SiteStatsServiceDeps) => {
  const { repository } = deps
  const allTime = createVersionCache<AllTime>(deps.version, deps.clock)
  const settled =
    createSettledCache<
      [
        Awaited<ReturnType<SiteStatsRepository['baselines']>>,
        [Awaited<ReturnType<SiteStatsRepository['stageTotals']>>, Awaited<ReturnType<SiteStatsRepository['itemTotals']>>],
      ]
    >()
  const recent = new Map<Server, { rows: { stageId: string; times: number }[]; simulatedRuns: number; builtAt: number }>()
  const bodies = new Map<Server, { allTime: AllTime; recentAt: number; body: CachedBody & { simulatedRuns: number } }>()

  const readTotals = (server: Server, fromDay: number, toDay: number) =>
    Promise.all([repository.stageTotals(server, fromDay, toDay), repository.itemTotals(server, fromDay, toDay)])

  const readAllTime = (server: Server) =>
    allTime.get(server, async (now) => {
      const today = serverDayIndex(server, now)
      const cut = firstRecentDay(today)
      const [[baselines, [settledStages, settledItems]], [recentStages, recentItems]] = await Promise.all([
        settled.get(server, String(cut), now, () => Promise.all([repository.baselines(server), readTotals(server, MIN_DAY, cut - 1)])),
        readTotals(server, cut, MAX_DAY),
      ])
      const pairTimes = baselines.map((b) => ({ stageId: b.stage_id, itemId: b.item_id, times: b.times }))
      const itemsOfStage = new Map<string, string[]>()
      for (const b of baselines) {
        const items = itemsOfStage.get(b.stage_id)
        if (items) items.push(b.item_id)
        else itemsOfStage.set(b.stage_id, [b.item_id])
      }
      for (const s of [...settledStages, ...recentStages]) {
        for (const itemId of [...(itemsOfStage.get(s.stage_id) ?? []), STAGE_RUNS_KEY]) {
          pairTimes.push({ stageId: s.stage_id, itemId, times: s.times })
        }
      }
      const itemQuantities = [
        ...baselines.map((b) => ({ itemId: b.item_id, quantity: b.quantity })),
        ...[...settledItems, ...recentItems].map((i) => ({ itemId: i.item_id, quantity: i.quantity })),
      ]
      // The settled/recent cut moves at the next server midnight; settled sums are re-read within their TTL.
      return { value: { pairTimes, itemQuantities }, validUntil: Math.min(serverDayStart(server, today + 1), now + SETTLED_TTL_MS) }
    })

  const readRecent = async (server: Server, now: number) => {
    const hit = recent.get(server)
    if (hit && now >= hit.builtAt && now < hit.builtAt + RECENT_TTL_MS) return hit
    const found = await repository.recentStageTimes(server, now - DAY_MS, now + 1)
    const rows = found.map((r) => ({ stageId: r.stage_id, times: r.times }))
    const entry = { rows, simulatedRuns: found.reduce((n, r) => n + Number(r.simulated), 0), builtAt: now }
    recent.set(server, entry)
    return entry
  }

  return {
    invalidate: () => {
      allTime.clear()
      settled.clear()
      recent.clear()
      bodies.clear()
    },
    /** The body, and how many of the last-24-hours runs in it are simulated (the all-time totals never count them). */
    async siteStats(server: Server): Promise<CachedBody & { simulatedRuns: number }> {
      const now = deps.clock()
      const [totals, last24h] = await Promise.all([readAllTime(server), readRecent(server, now)])
      const hit = bodies.get(server)
      if (hit && hit.allTime === totals && hit.recentAt === last24h.builtAt) return hit.body
      const [stageRecords, items] = await Promise.all([deps.catalog.stageRecords(), deps.catalog.itemList()])
      const stages = new Map<string, SiteStatsStage>(stageRecords.map((s) => [s.stageId, { apCost: s.apCost, isGacha: s.isGacha }]))
      const stats = siteStats({
        stages,
        itemTypes: new Map(items.map((i) => [i.itemId, i.itemType])),
        pairTimes: totals.pairTimes,
        recentStageTimes: last24h.rows,
        itemQuantities: totals.itemQuantities,
      })
      const body = { body: JSON.stringify(stats), builtAt: now, simulatedRuns: last24h.simulatedRuns }
      bodies.set(server, { allTime: totals, recentAt: last24h.builtAt, body })
      return body
    },
  }
}
export type SiteStatsService = ReturnType<typeof createSiteStatsService>
