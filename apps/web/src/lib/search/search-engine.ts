import Fuse from 'fuse.js'
import { FUSE_OPTIONS, ITEM_KEYS, STAGE_KEYS, type ItemDocument, type SearchResult, type StageDocument } from './search-documents'
import { fewestTypos, itemFields, matchTier, stageFields, typoBudget, type MatchFields } from './search-rank'

/** A Fuse score this low is one of Fuse's own exact matches (an extended-search operator such as `=固源岩组`). */
const FUSE_EXACT = 0.001

interface Ranked {
  tier: number
  typos: number
  result: SearchResult
}

/**
 * Where a Fuse hit stands, or null when it is not relevant enough to show (issue 38): a hit whose
 * texts contain the query (tiers 0-4) always counts; a fuzzy one only within the query's typo budget
 * (search-rank `typoBudget`: none for 1-3 characters), or when Fuse itself calls it exact.
 */
const rank = (fields: MatchFields, query: string, budget: number, score: number, result: SearchResult): Ranked | null => {
  const tier = matchTier(fields, query)
  if (tier < 5) return { tier, typos: 0, result }
  if (score <= FUSE_EXACT) return { tier, typos: 0, result }
  if (budget === 0) return null
  const typos = fewestTypos(fields, query)
  return typos <= budget ? { tier, typos, result } : null
}

/**
 * Fuse.js over the search documents: one index for stages and one for items, both searched, the
 * results tagged with their type and merged, no cap. Fuse finds the candidates (threshold 0.45); only
 * the relevant ones stay (`rank`), so "xyzzy" finds nothing and "1-7" finds 1-7 and the two 11-7.
 * Order: the match tier first (./search-rank: exact code or name, then exact alias or pronunciation,
 * then prefix, then substring, then fuzzy), then the fewest typing mistakes, then ascending Fuse
 * score. This module (and Fuse.js) is only imported once the visitor types. The stage selector
 * passes no items.
 */
export const createSearchEngine = (stages: readonly StageDocument[], items: readonly ItemDocument[]) => {
  const stageFuse = new Fuse(stages, { ...FUSE_OPTIONS, keys: STAGE_KEYS.map((k) => ({ ...k })) })
  const itemFuse = new Fuse(items, { ...FUSE_OPTIONS, keys: ITEM_KEYS.map((k) => ({ ...k })) })
  return {
    search(query: string): SearchResult[] {
      const q = query.trim()
      if (!q) return []
      const budget = typoBudget(q)
      const ranked = [
        ...stageFuse
          .search(q)
          .map((r) => rank(stageFields(r.item), q, budget, r.score ?? 1, { type: 'stages', stageId: r.item.stageId, zoneId: r.item.zoneId, score: r.score ?? 1 })),
        ...itemFuse.search(q).map((r) => rank(itemFields(r.item), q, budget, r.score ?? 1, { type: 'items', itemId: r.item.itemId, score: r.score ?? 1 })),
      ].filter((r): r is Ranked => r !== null)
      // Stable: on equal tier, typos and score, stages stay before items, each in Fuse's order.
      return ranked.sort((a, b) => a.tier - b.tier || a.typos - b.typos || a.result.score - b.result.score).map((r) => r.result)
    },
  }
}
export type SearchEngine = ReturnType<typeof createSearchEngine>
