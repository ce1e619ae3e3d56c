import { bool, shape } from '../../lib/guards'
import { createPersistedStore, useStore } from '../../lib/persisted-store'
import { DEFAULT_FILTERS, setFilter, type TableFilters } from './table-logic'

/** Data-table filters, persisted on their own key; each change keeps the other filters. */
export const tableOptionsStore = createPersistedStore(
  'dropwise-data-table',
  shape<TableFilters>({
    showPermanent: bool(DEFAULT_FILTERS.showPermanent),
    showActivity: bool(DEFAULT_FILTERS.showActivity),
    onlyOpen: bool(DEFAULT_FILTERS.onlyOpen),
    onlyCurrent: bool(DEFAULT_FILTERS.onlyCurrent),
  }),
)

export const useTableFilters = () => useStore(tableOptionsStore)
export const updateTableFilter = <K extends keyof TableFilters>(key: K, value: TableFilters[K]) => tableOptionsStore.set((f) => setFilter(f, key, value))
