import type { Category } from '@dropwise/schemas'
import type { CachedBody, CatalogService } from '../catalog/catalog.service'
import type { AggregateCategory } from './results.repository'

/** A serialised answer; personal answers must not be publicly cached. */
export interface ResultsAnswer extends SimulatedBody {
  personal: boolean
}

/** A serialised answer and how many of the runs it counts come from simulated demo reports (docs/api-extensions.md §3g). */
export interface SimulatedBody extends CachedBody {
  simulatedRuns: number
}

/** The aggregate categories a pattern or trend answer of `category` sums: simulated reports are automated ones. */
export const withSimulated = (category: Category): AggregateCategory[] => (category === 'manual' ? ['manual'] : [category, 'demo'])

/** The catalog's sort id of each item. */
export const itemSortIds = async (catalog: CatalogService) => {
  const items = await catalog.itemList()
  const byId = new Map(items.map((i) => [i.itemId, i.sortId]))
  return (itemId: string) => byId.get(itemId)
}
