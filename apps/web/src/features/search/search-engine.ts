import Fuse from 'fuse.js'
import { FUSE_OPTIONS, ITEM_KEYS, STAGE_KEYS, type ItemDocument, type SearchResult, type StageDocument } from './search-documents'

/**
 * Fuse.js over the search documents: one index for stages and one for items, both searched, the
 * results tagged with their type, merged and sorted by ascending score (best first), no cap. This
 * module (and Fuse.js) is only imported once the visitor types a query.
 */
export const createSearchEngine = (stages: readonly StageDocument[], items: readonly ItemDocument[]) => {
  const stageFuse = new Fuse(stages, { ...FUSE_OPTIONS, keys: [...STAGE_KEYS] })
  const itemFuse = new Fuse(items, { ...FUSE_OPTIONS, keys: [...ITEM_KEYS] })
  return {
    search(query: string): SearchResult[] {
      const q = query.trim()
      if (!q) return []
      const results: SearchResult[] = [
        ...stageFuse.search(q).map((r) => ({ type: 'stages' as const, stageId: r.item.stageId, zoneId: r.item.zoneId, score: r.score ?? 1 })),
        ...itemFuse.search(q).map((r) => ({ type: 'items' as const, itemId: r.item.itemId, score: r.score ?? 1 })),
      ]
      // Stable: on equal scores stages stay before items, each in index order.
      return results.sort((a, b) => a.score - b.score)
    },
  }
}
export type SearchEngine = ReturnType<typeof createSearchEngine>
