import type { Item } from '@dropwise/schemas'
import { replaceEqualDeep } from '@tanstack/react-query'
import { useCallback, useDeferredValue, useMemo, useState } from 'react'
import { useDataset } from '../../lib/data'
import { useAuth, useDataSource } from '../../lib/state-hooks'
import { useStageCatalog } from '../../components/stage-selector/use-stage-catalog'
import { useGlobalMatrixRows } from './use-matrix-slice'
import { rowsFor, type Lookups, type TableMode } from './table-logic'

/**
 * `value`, or the one it last gave when the two are equal in content (TanStack Query's `replaceEqualDeep`,
 * which also keeps the equal parts of a changed value). A new value is stored during the render, which
 * React then redoes for this component alone before its children.
 */
export function useEqualKept<T>(value: T): T {
  const [kept, setKept] = useState(value)
  const next = replaceEqualDeep(kept, value)
  if (next !== kept) setKept(next)
  return next
}

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
  const built = useMemo(() => (ready ? rowsFor(matrix.data ?? [], mode, id, lookups) : []), [ready, matrix.data, mode, id, lookups])
  // The page's part of a list giving way to the whole list (or an equal answer) builds equal rows: the
  // rows on screen are kept, so the table (memoised on them) does not draw every row again.
  const rows = useEqualKept(built)
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
