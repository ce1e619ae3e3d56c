import type { Item } from '@dropwise/schemas'
import { useCallback, useDeferredValue, useMemo } from 'react'
import { useDataset } from '../../lib/data'
import { useAuth, useDataSource } from '../../lib/state-hooks'
import { useStageCatalog } from '../../components/stage-selector/use-stage-catalog'
import { useGlobalMatrixRows } from './use-matrix-slice'
import { rowsFor, type Lookups, type TableMode } from './table-logic'

/** The matrix of the chosen data source, with lookups, and the rows of one item or stage. */
export function useStatsRows(mode: TableMode, id: string) {
  const { source } = useDataSource()
  const { username } = useAuth()
  // The global rows of this item or stage only, unless the whole matrix is known (use-matrix-slice.ts).
  const global = useGlobalMatrixRows(mode, id, source === 'global')
  const personal = useDataset('personalMatrix', { enabled: source === 'personal' })
  const matrix = source === 'personal' ? personal : global
  const items = useDataset('items')
  const catalog = useStageCatalog()
  // Deferred like the catalog's lists (use-stage-catalog.ts).
  const itemsData = useDeferredValue(items.data)
  const itemsById = useMemo(() => new Map((itemsData ?? []).map((i) => [i.itemId, i as Item])), [itemsData])
  const lookups: Lookups = useMemo(
    () => ({ stagesById: catalog.stagesById, zonesById: catalog.zonesById, itemsById }),
    [catalog.stagesById, catalog.zonesById, itemsById],
  )
  const ready = !!matrix.data && catalog.ready && !!itemsData
  const rows = useMemo(() => (ready ? rowsFor(matrix.data ?? [], mode, id, lookups) : []), [ready, matrix.data, mode, id, lookups])
  const loading = matrix.isFetching || !ready
  const error = (matrix.error ?? items.error ?? catalog.error) as Error | null
  const needsLogin = source === 'personal' && !username
  const { refetch: refetchMatrix } = matrix
  const { refetch: refetchItems } = items
  const { retry: retryCatalog } = catalog
  const retry = useCallback(() => {
    void refetchMatrix()
    void refetchItems()
    retryCatalog()
  }, [refetchMatrix, refetchItems, retryCatalog])
  // The same object while nothing in it changed (a page memoises its body on it).
  return useMemo(
    () => ({ rows, ready, loading, error, retry, needsLogin, matrix: matrix.data, lookups, catalog, items: itemsData, itemsById }),
    [rows, ready, loading, error, retry, needsLogin, matrix.data, lookups, catalog, itemsData, itemsById],
  )
}

export type StatsRowsData = ReturnType<typeof useStatsRows>
