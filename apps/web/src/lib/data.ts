import type { Category, Server } from '@dropwise/schemas'
import { QueryClient, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { apiGetJson } from './api'
import { createDataCache } from './data-cache'
import { BOOT_DATASETS, bucketOf, datasets, entryName, loadParsers, type DatasetData, type DatasetId } from './datasets'
import { authStore, dataSourceStore, useDataSource } from './state-hooks'
import { STORAGE_KEYS, storage } from './storage'

export const dataCache = createDataCache(storage, STORAGE_KEYS.data)
dataCache.migrate([STORAGE_KEYS.legacyState, STORAGE_KEYS.legacyCacheTtl, STORAGE_KEYS.legacyCache])

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, gcTime: 86_400_000 },
  },
})

export const datasetKey = (id: DatasetId, server: Server, category: Category, user: string | null) => {
  const d = datasets[id]
  return ['dataset', id, bucketOf(d, server), d.categorySensitive ? category : null, d.requireAuthorization ? user : null] as const
}

const datasetOptions = <K extends DatasetId>(id: K, server: Server, category: Category, user: string | null) => {
  const d = datasets[id]
  const bucket = bucketOf(d, server)
  const name = entryName(d, category)
  return {
    queryKey: datasetKey(id, server, category, user),
    staleTime: d.ttl,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      // Personal data while logged out is an empty list, without a request (spec 000 §4).
      if (d.requireAuthorization && !user) return [] as unknown as DatasetData<K>
      const [raw, { parsers }] = await Promise.all([apiGetJson(d.path({ server, category }), signal), loadParsers()])
      const parsed = parsers[id](raw) as DatasetData<K>
      if (d.persist) dataCache.set(bucket, name, parsed)
      return parsed
    },
    // Stored entries were validated before they were written; the data version marker drops
    // entries of an older shape (data-cache), so they are used as they are.
    initialData: () => (d.persist ? (dataCache.get(bucket, name)?.c as DatasetData<K> | undefined) : undefined),
    initialDataUpdatedAt: () => (d.persist ? dataCache.get(bucket, name)?.upd : undefined),
    meta: { datasetId: id },
  }
}

/** One dataset for the current server and category, cached for its lifetime. */
export const useDataset = <K extends DatasetId>(id: K, opts: { enabled?: boolean } = {}): UseQueryResult<DatasetData<K>> => {
  const { server, category } = useDataSource()
  const user = useUsername()
  return useQuery({ ...datasetOptions(id, server, category, user), enabled: opts.enabled ?? true }) as UseQueryResult<DatasetData<K>>
}

const current = () => ({ ...dataSourceStore.get(), user: authStore.get().username })

export const prefetchDataset = (id: DatasetId, force = false) => {
  const { server, category, user } = current()
  const options = datasetOptions(id, server, category, user)
  return force ? queryClient.fetchQuery({ ...options, staleTime: 0 }) : queryClient.prefetchQuery(options)
}

/** Start-up fetch of everything the shell and the stats pages need (TTL-respecting). */
export const fetchBootData = () => Promise.allSettled(BOOT_DATASETS.map((id) => prefetchDataset(id)))

/**
 * Forced refresh: clears stored data, then refetches the boot datasets and whatever page data
 * is on screen (personal matrices only when a personal view is mounted).
 */
export const forceRefresh = async () => {
  dataCache.clear()
  await Promise.allSettled([
    ...BOOT_DATASETS.map((id) => prefetchDataset(id, true)),
    queryClient.refetchQueries({ queryKey: ['dataset'], type: 'active' }),
  ])
}

/** Retry only what failed. */
export const retryFailed = () =>
  queryClient.refetchQueries({ queryKey: ['dataset'], predicate: (q) => q.state.status === 'error' })

/** Server change: forget the old server's data, switch, refetch (spec 000 §4). */
export const switchServer = (server: Server) => {
  const old = dataSourceStore.get().server
  if (old === server) return
  dataCache.clear(old)
  queryClient.removeQueries({ queryKey: ['dataset'], predicate: (q) => q.queryKey[2] === old })
  dataSourceStore.set({ server })
  void fetchBootData()
}

/** Category change: commit it and fetch the matrices of the new category. */
export const switchCategory = (category: Category) => {
  dataSourceStore.set({ category })
  void prefetchDataset('globalMatrix')
  void prefetchDataset('globalPatternMatrix')
}

export interface NetworkState {
  pending: number
  total: number
  errors: { id: string; message: string }[]
}

let snapshot: NetworkState = { pending: 0, total: 0, errors: [] }
const computeNetwork = (): NetworkState => {
  const queries = queryClient.getQueryCache().findAll({ queryKey: ['dataset'] })
  const pending = queries.filter((q) => q.state.fetchStatus === 'fetching').length
  const errors = queries
    .filter((q) => q.state.status === 'error' && q.state.fetchStatus !== 'fetching')
    .map((q) => ({ id: String(q.queryKey[1]), message: q.state.error instanceof Error ? q.state.error.message : String(q.state.error) }))
  const next = { pending, total: queries.length, errors }
  if (JSON.stringify(next) !== JSON.stringify(snapshot)) snapshot = next
  return snapshot
}

export const useNetworkState = () =>
  useSyncExternalStore(
    (cb) => queryClient.getQueryCache().subscribe(cb),
    computeNetwork,
    computeNetwork,
  )

function useUsername() {
  return useSyncExternalStore(authStore.subscribe, () => authStore.get().username)
}
