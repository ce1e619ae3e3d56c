import type { Category, MatrixElement, Server } from '@dropwise/schemas'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { apiBytes } from '../../lib/api'
import { dataCache, datasetKey, queryClient, useDataset } from '../../lib/data'
import { decodeDataset, startDecoder } from '../../lib/dataset-decoder'
import { bucketOf, datasets, entryName } from '../../lib/datasets'
import { useDataSource } from '../../lib/state-hooks'

export type SliceMode = 'item' | 'stage'

/**
 * The public matrix filtered to one item's or one stage's rows: the same elements as the web client's
 * `_private` matrix for that server and category (closed stages included; both are cut from one
 * in-memory matrix on the server, matrix.service.ts), a few KB instead of ~0.5 MB.
 * index.html's start-up script requests this very path early (build-plugins/preload-start.ts).
 */
export const matrixSlicePath = (server: Server, category: Category, mode: SliceMode, id: string) =>
  `/result/matrix?server=${server}&category=${category}&show_closed_zones=true&${mode === 'item' ? 'itemFilter' : 'stageFilter'}=${encodeURIComponent(id)}`

/** The query key of a slice: the matrix's key plus `slice`. */
export const matrixSliceKey = (server: Server, category: Category, mode: SliceMode, id: string) =>
  [...datasetKey('globalMatrix', server, category, null), 'slice', mode, id] as const

/** Whether the whole global matrix of this server and category is in memory or in the data cache. */
export const fullMatrixKnown = (server: Server, category: Category): boolean => {
  const d = datasets.globalMatrix
  if (queryClient.getQueryData(datasetKey('globalMatrix', server, category, null)) !== undefined) return true
  return dataCache.updatedAt(bucketOf(d, server), entryName(d, category)) !== undefined
}

/**
 * The global matrix rows one item or stage page shows. A page opened while the whole matrix is known
 * (an earlier page of the visit, or the data cache) reads it, as before; a first visit asks for its own
 * slice only, and the whole matrix follows at idle into the data cache (lib/data.ts `warmDataset`),
 * for the next page. The choice holds for the page's server and category, so the rows never switch
 * source (and the main thread never parses the whole matrix) while the page is open.
 * The slice lives under the matrix's query key (plus `slice`): the network indicator, Retry, a forced
 * refresh and a server switch treat it as the matrix.
 */
export function useGlobalMatrixRows(mode: SliceMode, id: string, enabled: boolean): UseQueryResult<MatrixElement[]> {
  const { server, category } = useDataSource()
  const choiceKey = `${server}|${category}`
  const sliceKey = matrixSliceKey(server, category, mode, id)
  // A slice already here (the server rendered this page from it, page-seed.ts) is read, so the page hydrates as rendered.
  const known = () => queryClient.getQueryData(sliceKey) === undefined && fullMatrixKnown(server, category)
  const [choice, setChoice] = useState(() => ({ key: choiceKey, full: known() }))
  let full = choice.full
  if (choice.key !== choiceKey) {
    full = known()
    setChoice({ key: choiceKey, full })
  }
  const whole = useDataset('globalMatrix', { enabled: enabled && full })
  const slice = useQuery({
    queryKey: sliceKey,
    enabled: enabled && !full && id !== '',
    staleTime: datasets.globalMatrix.ttl,
    // Not given the query's signal, so a slice (a few KB) is never cut off when its last user unmounts: the
    // item grid's hover preview asks for the very slice its tile's page shows, and a click on the tile
    // unmounts the preview before the page mounts; the page then takes over the answer on its way
    // instead of asking again (an aborted request and a second wait, seen on a slow CI day).
    queryFn: async () => {
      startDecoder()
      const body = await apiBytes(matrixSlicePath(server, category, mode, id))
      return (await decodeDataset('matrixSlice', body, { data: true, json: false })).data as MatrixElement[]
    },
    meta: { datasetId: 'globalMatrix' },
  })
  return (full ? whole : slice) as UseQueryResult<MatrixElement[]>
}
