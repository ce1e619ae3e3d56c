import type { Category, MatrixElement, MatrixQuery, Server } from '@dropwise/schemas'
import type { AccountsService } from '../accounts/accounts.service'
import { wireEnd } from '../catalog/catalog.mapper'
import type { CachedBody, CatalogService } from '../catalog/catalog.service'
import type { MatrixRepository } from './matrix.repository'

export interface MatrixServiceDeps {
  repository: MatrixRepository
  catalog: CatalogService
  accounts: AccountsService
  clock: () => number
}

const GLOBAL_TTL_MS = 60_000

export interface MatrixAnswer extends CachedBody {
  personal: boolean
}

/**
 * Drop matrices (api-v2.md §8.1, §10.3). Global answers are serialised once per
 * (server, category, closed-zones) and kept until the data or the set of open stages can change.
 */
export const createMatrixService = ({ repository, catalog, accounts, clock }: MatrixServiceDeps) => {
  const cache = new Map<string, { elements: MatrixElement[]; body: string; builtAt: number; validUntil: number }>()

  const globalElements = async (server: Server, category: Category, showClosed: boolean) => {
    const key = `${server}|${category}|${showClosed}`
    const now = clock()
    const hit = cache.get(key)
    if (hit && now < hit.validUntil) return hit
    const open = showClosed ? null : await catalog.openStageIds(server, now)
    // The imported history counts as category "all" only; reports (issue #3) add the other categories.
    const rows = category === 'all' ? await repository.baselines(server) : []
    const elements: MatrixElement[] = []
    for (const r of rows) {
      if (r.quantity === 0) continue
      if (open && !open.has(r.stage_id)) continue
      elements.push({
        stageId: r.stage_id,
        itemId: r.item_id,
        times: r.times,
        quantity: r.quantity,
        stdDev: r.std_dev,
        start: r.start_at,
        end: wireEnd(r.end_at, now),
      })
    }
    const entry = { elements, body: JSON.stringify({ matrix: elements }), builtAt: now, validUntil: now + GLOBAL_TTL_MS }
    cache.set(key, entry)
    return entry
  }

  return {
    invalidate: () => cache.clear(),
    /** Global elements as objects, for in-process consumers such as the planner. */
    globalElements: async (server: Server, category: Category, showClosed: boolean) =>
      (await globalElements(server, category, showClosed)).elements,
    async matrix(query: MatrixQuery & { showClosed: boolean }, penguinId: string | null): Promise<MatrixAnswer> {
      if (query.is_personal) {
        await accounts.require(penguinId)
        // Personal matrices are built from the caller's reports (issue #3); none are stored yet.
        return { body: JSON.stringify({ matrix: [] }), builtAt: clock(), personal: true }
      }
      const global = await globalElements(query.server, query.category, query.showClosed)
      if (!query.stageFilter?.length && !query.itemFilter?.length) return { ...global, personal: false }
      const stages = query.stageFilter?.length ? new Set(query.stageFilter) : null
      const items = query.itemFilter?.length ? new Set(query.itemFilter) : null
      const matrix = global.elements.filter((e) => (!stages || stages.has(e.stageId)) && (!items || items.has(e.itemId)))
      return { body: JSON.stringify({ matrix }), builtAt: global.builtAt, personal: false }
    },
  }
}
export type MatrixService = ReturnType<typeof createMatrixService>
