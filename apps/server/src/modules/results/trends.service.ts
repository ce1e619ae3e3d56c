import type { Server } from '@dropwise/schemas'
import { GLOBAL_TREND_DAYS, buildGlobalTrend, serverDayIndex, serverDayStart, type DailyPairRow } from '@dropwise/stats'
import type { DataVersion } from '../../lib/data-version'
import { withSimulated, type SimulatedBody } from './results-answer'
import type { ResultsRepository } from './results.repository'
import { SETTLED_TTL_MS, createSettledCache, firstRecentDay } from './settled-days'
import { createVersionCache } from './version-cache'

interface DayRows {
  stage: Awaited<ReturnType<ResultsRepository['stageDays']>>
  item: Awaited<ReturnType<ResultsRepository['itemDays']>>
}

export interface TrendsServiceDeps {
  repository: ResultsRepository
  /** Bumped whenever aggregates change: global caches rebuild when it moves. */
  version: DataVersion
  clock: () => number
}

/** Global trends (api-v2.md §8.3, §10.8). */
export const createTrendsService = (deps: TrendsServiceDeps) => {
  const { repository, clock } = deps
  const trendCache = createVersionCache<SimulatedBody>(deps.version, clock)
  const settledTrends = createSettledCache<[DayRows['stage'], DayRows['item']]>()

  return {
    /** Forgets cached global answers (they also rebuild by themselves when the data version moves). */
    invalidate: () => {
      trendCache.clear()
      settledTrends.clear()
    },

    /** The 60-day global trend of a server (§8.3, §10.8), daily buckets, category `all` plus simulated reports. */
    global: (server: Server): Promise<SimulatedBody> =>
      trendCache.get(server, async (now) => {
        const today = serverDayIndex(server, now)
        const from = today - GLOBAL_TREND_DAYS + 1
        const cut = firstRecentDay(today)
        const stageDays: DayRows['stage'] = []
        const itemDays: DayRows['item'] = []
        let simulatedRuns = 0
        for (const c of withSimulated('all')) {
          const read = (fromDay: number, toDay: number) => Promise.all([repository.stageDays(server, c, fromDay, toDay), repository.itemDays(server, c, fromDay, toDay)])
          const [settled, recent] = await Promise.all([settledTrends.get(`${server}|${c}`, `${from}|${cut}`, now, () => read(from, cut - 1)), read(cut, today)])
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
  }
}
export type TrendsService = ReturnType<typeof createTrendsService>
