import Fuse from 'fuse.js'
import { FUSE_OPTIONS, ITEM_KEYS, STAGE_KEYS, type ItemDocument, type SearchResult, type StageDocument } from './search-documents'
import { itemTier, stageTier } from './search-rank'

/**
 * Fuse.js over the search documents: one index for stages and one for items, both searched, the
 * results tagged with their type and merged, no cap. Order: the match tier first (./search-rank:
 * exact code or name, then exact alias or pronunciation, then prefix, then substring, then fuzzy),
 * then ascending Fuse score. This module (and Fuse.js) is only imported once the visitor types.
 * The stage selector passes no items.
 */
export const createSearchEngine = (stages: readonly StageDocument[], items: readonly ItemDocument[]) => {
  const stageFuse = new Fuse(stages, { ...FUSE_OPTIONS, keys: STAGE_KEYS.map((k) => ({ ...k })) })
  const itemFuse = new Fuse(items, { ...FUSE_OPTIONS, keys: ITEM_KEYS.map((k) => ({ ...k })) })
  return {
    search(query: string): SearchResult[] {
      const q = query.trim()
      if (!q) return []
      const ranked = [
        ...stageFuse.search(q).map((r) => ({
          tier: stageTier(r.item, q),
          result: { type: 'stages' as const, stageId: r.item.stageId, zoneId: r.item.zoneId, score: r.score ?? 1 },
        })),
        ...itemFuse.search(q).map((r) => ({ tier: itemTier(r.item, q), result: { type: 'items' as const, itemId: r.item.itemId, score: r.score ?? 1 } })),
      ]
      // Stable: on equal tier and score, stages stay before items, each in Fuse's order.
      return ranked.sort((a, b) => a.tier - b.tier || a.result.score - b.result.score).map((r) => r.result)
    },
  }
}
export type SearchEngine = ReturnType<typeof createSearchEngine>
