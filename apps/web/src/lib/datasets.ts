import type { Category, Server } from '@dropwise/schemas'
import { TTL } from '../config/constants'
import type { DatasetId } from './dataset-ids'
import type { DatasetParsers } from './dataset-parsers'

export interface DatasetContext {
  server: Server
  category: Category
}

export interface Dataset<T = unknown> {
  id: DatasetId
  path: (ctx: DatasetContext) => string
  /** Kept per server; otherwise under the shared bucket. */
  serverSensitive: boolean
  /** Depends on the matrix category (part of the cache key, unlike the public client). */
  categorySensitive: boolean
  /** Personal data: only fetched when logged in; an empty list otherwise. */
  requireAuthorization: boolean
  /** Stored across reloads (personal data is not). */
  persist: boolean
  ttl: number
  /** Phantom: the parsed type (the parser lives in ./dataset-parsers, loaded on demand). */
  readonly _type?: T
}

export { DATASET_IDS, InvalidStructureError, type DatasetId } from './dataset-ids'

/** Validation (zod and the shared schemas) is loaded on demand: it stays out of the first load. */
export const loadParsers = () => import('./dataset-parsers')

const define = <T = unknown>(d: Omit<Dataset<T>, '_type'>) => d as Dataset<T>

export const datasets = {
  config: define({
    id: 'config',
    path: () => '/config',
    serverSensitive: false,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.config,
  }),
  items: define({
    id: 'items',
    path: () => '/items',
    serverSensitive: false,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.items,
  }),
  stages: define({
    id: 'stages',
    path: ({ server }) => `/stages?server=${server}`,
    serverSensitive: true,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.stages,
  }),
  zones: define({
    id: 'zones',
    path: () => '/zones',
    serverSensitive: false,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.zones,
  }),
  period: define({
    id: 'period',
    path: () => '/period',
    serverSensitive: false,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.period,
  }),
  globalMatrix: define({
    id: 'globalMatrix',
    path: ({ server, category }) => `/_private/result/matrix/${server}/global/${category}`,
    serverSensitive: true,
    categorySensitive: true,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.globalMatrix,
  }),
  globalPatternMatrix: define({
    id: 'globalPatternMatrix',
    path: ({ server, category }) => `/_private/result/pattern/${server}/global/${category}`,
    serverSensitive: true,
    categorySensitive: true,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.globalPatternMatrix,
  }),
  // Identity travels in the Authorization header; the last segment is the category (web-reference §4).
  personalMatrix: define({
    id: 'personalMatrix',
    path: ({ server, category }) => `/_private/result/matrix/${server}/personal/${category}`,
    serverSensitive: true,
    categorySensitive: true,
    requireAuthorization: true,
    persist: false,
    ttl: TTL.personalMatrix,
  }),
  personalPatternMatrix: define({
    id: 'personalPatternMatrix',
    path: ({ server, category }) => `/_private/result/pattern/${server}/personal/${category}`,
    serverSensitive: true,
    categorySensitive: true,
    requireAuthorization: true,
    persist: false,
    ttl: TTL.personalPatternMatrix,
  }),
  trends: define({
    id: 'trends',
    path: ({ server }) => `/_private/result/trend/${server}`,
    serverSensitive: true,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.trends,
  }),
  stats: define({
    id: 'stats',
    path: ({ server }) => `/stats?server=${server}`,
    serverSensitive: true,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.stats,
  }),
} satisfies Record<DatasetId, Dataset<unknown>>

export type Datasets = typeof datasets
export type DatasetData<K extends DatasetId> = ReturnType<DatasetParsers[K]>

/** Fetched at start and by a forced refresh (web-reference row 1; period only on /advanced). */
export const BOOT_DATASETS: DatasetId[] = ['config', 'items', 'stages', 'zones', 'globalMatrix', 'globalPatternMatrix', 'trends', 'stats']

export const SHARED_BUCKET = '_shared'
export const bucketOf = (d: Dataset<unknown>, server: Server) => (d.serverSensitive ? server : SHARED_BUCKET)
export const entryName = (d: Dataset<unknown>, category: Category) => (d.categorySensitive ? `${d.id}:${category}` : d.id)
