import type { Server, SiteStats } from '@dropwise/schemas'
import type { CachedBody, CatalogService } from '../catalog/catalog.service'
import type { DataVersion } from '../../lib/data-version'
import type { Db } from '../../plugins/db'
import { createMatrixRepository } from '../matrix/matrix.repository'

const STATS_ITEM_TYPES = new Set(['MATERIAL', 'FURN', 'CHIP'])
const TTL_MS = 5 * 60 * 1000

/** Site statistics (api-v2.md §6.8, §10.7), from the imported history until reports are aggregated. */
export interface StatsServiceDeps {
  db: Db
  catalog: CatalogService
  version: DataVersion
  clock: () => number
}

export const createStatsService = (deps: StatsServiceDeps) => {
  const matrix = createMatrixRepository(deps.db)
  const cache = new Map<Server, CachedBody & { validUntil: number }>()
  return {
    invalidate: () => cache.clear(),
    async siteStats(server: Server): Promise<CachedBody> {
      const now = deps.clock()
      const hit = cache.get(server)
      if (hit && now < hit.validUntil) return hit
      const [rows, stages, items] = await Promise.all([
        matrix.baselines(server),
        deps.catalog.stageRows(),
        deps.catalog.itemList(),
      ])
      const stageById = new Map(stages.map((s) => [s.stage_id, s]))
      const typeOf = new Map(items.map((i) => [i.itemId, i.itemType]))
      const stageTimes = new Map<string, number>()
      const itemQuantities = new Map<string, number>()
      for (const r of rows) {
        const stage = stageById.get(r.stage_id)
        if (stage && r.stage_id !== 'recruit' && !stage.is_gacha) {
          // Items of a stage may have different periods: the stage total is its largest per-item total.
          stageTimes.set(r.stage_id, Math.max(stageTimes.get(r.stage_id) ?? 0, r.times))
        }
        if (STATS_ITEM_TYPES.has(typeOf.get(r.item_id) ?? '')) {
          itemQuantities.set(r.item_id, (itemQuantities.get(r.item_id) ?? 0) + r.quantity)
        }
      }
      let totalApCost = 0
      for (const [stageId, times] of stageTimes) totalApCost += (stageById.get(stageId)?.ap_cost ?? 0) * times
      const stats: SiteStats = {
        totalStageTimes: [...stageTimes].map(([stageId, times]) => ({ stageId, times })),
        totalStageTimes_24h: [],
        totalItemQuantities: [...itemQuantities].map(([itemId, quantity]) => ({ itemId, quantity })),
        totalApCost,
      }
      const entry = { body: JSON.stringify(stats), builtAt: now, validUntil: now + TTL_MS }
      cache.set(server, entry)
      return entry
    },
  }
}
export type StatsService = ReturnType<typeof createStatsService>
