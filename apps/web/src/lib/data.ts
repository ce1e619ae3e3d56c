import type { Category, Server } from '@dropwise/schemas'
import { QueryClient, replaceEqualDeep, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { GAME_DATA_POLL_MS, GAME_DATA_RECHECK_MS } from '../config/constants'
import { apiBytes, apiRequest } from './api'
import { createDataCache } from './data-cache'
import { decodeDataset, startDecoder } from './dataset-decoder'
import { afterFirstContent } from './first-content'
import { createGameDataVersion, watchGameDataVersion } from './game-data-version'
import { whenIdle } from './idle'
import { BOOT_DATASETS, bucketOf, datasets, entryName, type DatasetData, type DatasetId } from './datasets'
import { useStore } from './persisted-store'
import { authStore, dataSourceStore, useDataSource } from './state-hooks'
import { STORAGE_KEYS, storage } from './storage'

// A large dataset is stored part by part in idle moments (data-cache.ts).
export const dataCache = createDataCache(storage, STORAGE_KEYS.data, Date.now, (step) => void whenIdle(step))
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

/** Dataset answers on their way, by path (public datasets only). */
const inflight = new Map<string, Promise<ArrayBuffer>>()

/**
 * A dataset's response, as bytes for the dataset worker to decode (`apiBytes`). A page that opens
 * while the start-up fetch of the same dataset is on its way (it looked unused when it started: the
 * page's code was still loading) shares that answer instead of requesting the list again: on a first
 * visit of the planner the stage list (1.2 MB) came twice. If the shared request fails or is
 * cancelled, the page's own request follows.
 */
const datasetBody = async (path: string, signal: AbortSignal, personal: boolean, revalidate: boolean): Promise<ArrayBuffer> => {
  if (personal) return apiBytes(path, { signal })
  if (revalidate) return apiBytes(path, { signal, cache: 'no-cache' })
  const shared = inflight.get(path)
  if (shared) {
    try {
      return await shared
    } catch (err) {
      if (signal.aborted) throw err
    }
  }
  const own = apiBytes(path, { signal })
  inflight.set(path, own)
  const done = () => {
    if (inflight.get(path) === own) inflight.delete(path)
  }
  own.then(done, done)
  return own
}

/**
 * Requests one dataset, has it parsed and checked (dataset worker) and writes a persisted one to the
 * data cache. `withData`: whether the page needs the parsed data itself, or only the stored copy.
 */
const fetchDataset = async (id: DatasetId, server: Server, category: Category, signal: AbortSignal, withData: boolean) => {
  const d = datasets[id]
  startDecoder()
  const body = await datasetBody(d.path({ server, category }), signal, d.requireAuthorization, REFERENCE_DATASETS.includes(id) && Date.now() < revalidateUntil)
  const { data, json } = await decodeDataset(id, body, { data: withData, json: d.persist })
  if (d.persist) {
    const bucket = bucketOf(d, server)
    const name = entryName(d, category)
    // Without a worker there is no JSON made: the parsed data is serialised here.
    // Not awaited: the data is ready now; storing a large one takes a few idle moments more.
    if (json === null) void dataCache.set(bucket, name, data)
    else void dataCache.setJson(bucket, name, json)
  }
  return data
}

/**
 * A new answer keeps the parts of the one before that did not change (TanStack Query's structural
 * sharing), except when a list changed length: then it is another list (a page's part of the stage list
 * becoming the whole), and comparing the two item by item walks a megabyte for nothing.
 */
const shareUnlessResized = (before: unknown, after: unknown): unknown =>
  Array.isArray(before) && Array.isArray(after) && before.length !== after.length ? after : replaceEqualDeep(before, after)

const datasetOptions = <K extends DatasetId>(id: K, server: Server, category: Category, user: string | null) => {
  const d = datasets[id]
  const bucket = bucketOf(d, server)
  const name = entryName(d, category)
  return {
    queryKey: datasetKey(id, server, category, user),
    staleTime: d.ttl,
    structuralSharing: shareUnlessResized,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      // Personal data while logged out is an empty list, without a request (spec 000 §4).
      if (d.requireAuthorization && !user) return [] as unknown as DatasetData<K>
      return (await fetchDataset(id, server, category, signal, true)) as DatasetData<K>
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

/**
 * A start-up dataset that no page on screen uses is fetched, checked and serialised in the dataset
 * worker and only written to the data cache: the page keeps the main thread free, and a page that
 * opens it later starts from the stored copy (`initialData`), as after a reload. A query of its own
 * (`…, 'stored'`) tracks it, so the network indicator, errors and Retry cover it like any other.
 * A dataset a page shows goes the normal way, so that page gets the fresh data.
 */
const warmDataset = (id: DatasetId, force = false) => {
  const { server, category, user } = current()
  const d = datasets[id]
  const key = datasetKey(id, server, category, user)
  // Shown: a mounted page wants it (an enabled observer; a disabled one, such as the whole matrix
  // beside a page reading its slice, does not parse it on the page).
  const shown = queryClient.getQueryCache().find({ queryKey: key, exact: true })?.isActive() ?? false
  if (shown || !d.persist) return prefetchDataset(id, force)
  const bucket = bucketOf(d, server)
  const name = entryName(d, category)
  const options = {
    queryKey: [...key, 'stored'] as const,
    staleTime: force ? 0 : d.ttl,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      await fetchDataset(id, server, category, signal, false)
      // A copy held from an earlier visit of a page is older than the stored one now.
      queryClient.removeQueries({ queryKey: key, exact: true, predicate: (q) => q.getObserversCount() === 0 })
      return true
    },
    initialData: () => (dataCache.updatedAt(bucket, name) === undefined ? undefined : true),
    initialDataUpdatedAt: () => dataCache.updatedAt(bucket, name),
    meta: { datasetId: id },
  }
  return force ? queryClient.fetchQuery(options) : queryClient.prefetchQuery(options)
}

/** Start-up fetch of everything the shell and the stats pages need (TTL-respecting). */
export const fetchBootData = () => Promise.allSettled(BOOT_DATASETS.map((id) => warmDataset(id)))

/**
 * `fetchBootData` when the page is idle (on an item or a stage page: once its own data is in), one
 * dataset per idle moment: starting a request and storing its answer are then short tasks of their
 * own rather than one long one. Returns a cancel function.
 */
export const fetchBootDataWhenIdle = (pathname: string = location.pathname): (() => void) => {
  let cancel = () => undefined as void
  const next = (i: number) => {
    const id = BOOT_DATASETS[i]
    if (id === undefined) return
    cancel = whenIdle(() => {
      void warmDataset(id)
      next(i + 1)
    })
  }
  // On an item or a stage page, after the page's own data (lib/first-content.ts).
  const stop = afterFirstContent(() => next(0), pathname)
  return () => {
    stop()
    cancel()
  }
}

/**
 * Forced refresh: clears stored data, then refetches the boot datasets and whatever page data
 * is on screen (personal matrices only when a personal view is mounted).
 */
export const forceRefresh = async () => {
  dataCache.clear()
  gameDataVersion.forget()
  await Promise.allSettled([...BOOT_DATASETS.map((id) => warmDataset(id, true)), queryClient.refetchQueries({ queryKey: ['dataset'], type: 'active' })])
}

/** Retry only what failed. */
export const retryFailed = () => queryClient.refetchQueries({ queryKey: ['dataset'], predicate: (q) => q.state.status === 'error' })

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

/**
 * The network state, updated after each change of the query cache. State and an effect, not
 * useSyncExternalStore: queries are created while the app renders, which changes this snapshot
 * mid-render, and React then redoes the whole first render synchronously (a long task) to avoid
 * tearing. A count of requests may lag one frame behind without harm.
 */
export const useNetworkState = () => {
  // Idle at first (as in the pre-rendered page, which has no requests), the real state from the first effect on.
  const [state, setState] = useState<NetworkState>(() => ({ pending: 0, total: 0, errors: [] }))
  useEffect(() => {
    setState(computeNetwork())
    return queryClient.getQueryCache().subscribe(() => setState(computeNetwork()))
  }, [])
  return state
}

const useUsername = () => useStore(authStore, (s) => s.username)

/**
 * The datasets a new game-data version changes (issue 36), and the answers of features built from them
 * (the about page's "game data as of", the planner's data, the farming guide).
 */
const REFERENCE_DATASETS: readonly DatasetId[] = ['items', 'stages', 'zones', 'period']
const FOLLOWING_QUERIES = [['game-data'], ['planner-source'], ['efficiency']]
/**
 * Until then, reference lists are fetched past the browser's fresh copies (`no-cache`: the browser revalidates
 * and the server's validators name the version): their `max-age` is 5 minutes (api-v2.md §2.5).
 */
const REVALIDATE_MS = 5 * 60_000
let revalidateUntil = 0

/** The game-data version of the stored lists; `note` is fed by every API answer (lib/session.ts). */
export const gameDataVersion = createGameDataVersion(storage, STORAGE_KEYS.gameDataVersion)

/**
 * A newer game-data version: every reference list is fetched again (a list on screen in place, a stored
 * one rewritten; one no page uses and no start-up fetches is forgotten, so a page opening it asks anew).
 */
const followGameData = () => {
  revalidateUntil = Date.now() + REVALIDATE_MS
  for (const queryKey of FOLLOWING_QUERIES) void queryClient.invalidateQueries({ queryKey })
  const { server, category, user } = current()
  return Promise.allSettled(
    REFERENCE_DATASETS.map((id) => {
      if (BOOT_DATASETS.includes(id)) return warmDataset(id, true)
      const key = datasetKey(id, server, category, user)
      if (queryClient.getQueryCache().find({ queryKey: key, exact: true })?.isActive()) return prefetchDataset(id, true)
      const d = datasets[id]
      dataCache.remove(bucketOf(d, server), entryName(d, category))
      queryClient.removeQueries({ queryKey: key, exact: true })
      return Promise.resolve()
    }),
  )
}
gameDataVersion.onNewer(() => void followGameData())

/** While the app runs: asks the server's game-data version now and then (lib/game-data-version.ts). Returns the stop. */
export const watchGameData = () =>
  watchGameDataVersion(gameDataVersion, {
    // HEAD: the answer's headers are all it needs; `/config` is answered from memory.
    ask: () => apiRequest('/config', { method: 'HEAD', cache: 'no-store' }),
    pollMs: GAME_DATA_POLL_MS,
    recheckMs: GAME_DATA_RECHECK_MS,
  })
