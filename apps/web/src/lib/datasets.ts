import {
  FrontendConfigSchema,
  ItemListSchema,
  MatrixElementSchema,
  PatternElementSchema,
  PeriodListSchema,
  SiteStatsSchema,
  StageListSchema,
  TrendResultSchema,
  ZoneListSchema,
  type Category,
  type Server,
} from '@dropwise/schemas'
import { z } from 'zod'
import { TTL } from '../config/constants'

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
  /** Validate (throws "Invalid structure: …") and transform the response body. */
  parse: (raw: unknown) => T
}

export const DATASET_IDS = [
  'config',
  'items',
  'stages',
  'zones',
  'period',
  'globalMatrix',
  'globalPatternMatrix',
  'personalMatrix',
  'personalPatternMatrix',
  'trends',
  'stats',
] as const
export type DatasetId = (typeof DATASET_IDS)[number]

export class InvalidStructureError extends Error {
  constructor(detail: string) {
    super(`Invalid structure: ${detail}`)
    this.name = 'InvalidStructureError'
  }
}

/** Parse with a schema; a failure keeps the first issue in the message (the public client lost it). */
export const validate = <S extends z.ZodType>(schema: S, raw: unknown, nonEmpty = false): z.infer<S> => {
  const result = schema.safeParse(raw)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new InvalidStructureError(issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown')
  }
  if (nonEmpty && Array.isArray(result.data) && result.data.length === 0) throw new InvalidStructureError('empty list')
  return result.data
}

/** Matrices may come bare or wrapped in `matrix` / `pattern_matrix`. */
const unwrap = (raw: unknown, key: string): unknown =>
  raw !== null && typeof raw === 'object' && !Array.isArray(raw) && key in raw ? (raw as Record<string, unknown>)[key] : raw

const MatrixListSchema = z.array(MatrixElementSchema)
const PatternListSchema = z.array(PatternElementSchema)

const define = <T>(d: Dataset<T>) => d

export const datasets = {
  config: define({
    id: 'config',
    path: () => '/config',
    serverSensitive: false,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.config,
    parse: (raw) => validate(FrontendConfigSchema, raw),
  }),
  items: define({
    id: 'items',
    path: () => '/items',
    serverSensitive: false,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.items,
    parse: (raw) =>
      validate(ItemListSchema, raw, true)
        .filter((i) => !(i as { hide?: boolean }).hide)
        .sort((a, b) => a.sortId - b.sortId),
  }),
  stages: define({
    id: 'stages',
    path: ({ server }) => `/stages?server=${server}`,
    serverSensitive: true,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.stages,
    parse: (raw) => validate(StageListSchema, raw, true),
  }),
  zones: define({
    id: 'zones',
    path: () => '/zones',
    serverSensitive: false,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.zones,
    parse: (raw) => validate(ZoneListSchema, raw, true).map((z) => ({ ...z, isActivity: z.type === 'ACTIVITY' })),
  }),
  period: define({
    id: 'period',
    path: () => '/period',
    serverSensitive: false,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.period,
    parse: (raw) => validate(PeriodListSchema, raw, true),
  }),
  globalMatrix: define({
    id: 'globalMatrix',
    path: ({ server, category }) => `/_private/result/matrix/${server}/global/${category}`,
    serverSensitive: true,
    categorySensitive: true,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.globalMatrix,
    parse: (raw) => validate(MatrixListSchema, unwrap(raw, 'matrix'), true),
  }),
  globalPatternMatrix: define({
    id: 'globalPatternMatrix',
    path: ({ server, category }) => `/_private/result/pattern/${server}/global/${category}`,
    serverSensitive: true,
    categorySensitive: true,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.globalPatternMatrix,
    parse: (raw) => validate(PatternListSchema, unwrap(raw, 'pattern_matrix')),
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
    parse: (raw) => validate(MatrixListSchema, unwrap(raw, 'matrix')),
  }),
  personalPatternMatrix: define({
    id: 'personalPatternMatrix',
    path: ({ server, category }) => `/_private/result/pattern/${server}/personal/${category}`,
    serverSensitive: true,
    categorySensitive: true,
    requireAuthorization: true,
    persist: false,
    ttl: TTL.personalPatternMatrix,
    parse: (raw) => validate(PatternListSchema, unwrap(raw, 'pattern_matrix')),
  }),
  trends: define({
    id: 'trends',
    path: ({ server }) => `/_private/result/trend/${server}`,
    serverSensitive: true,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.trends,
    parse: (raw) => validate(TrendResultSchema, raw).trend,
  }),
  stats: define({
    id: 'stats',
    path: ({ server }) => `/stats?server=${server}`,
    serverSensitive: true,
    categorySensitive: false,
    requireAuthorization: false,
    persist: true,
    ttl: TTL.stats,
    parse: (raw) => validate(SiteStatsSchema, raw),
  }),
} satisfies Record<DatasetId, Dataset<unknown>>

export type Datasets = typeof datasets
export type DatasetData<K extends DatasetId> = ReturnType<Datasets[K]['parse']>

/** Fetched at start and by a forced refresh (web-reference row 1; period only on /advanced). */
export const BOOT_DATASETS: DatasetId[] = ['config', 'items', 'stages', 'zones', 'globalMatrix', 'globalPatternMatrix', 'trends', 'stats']

export const SHARED_BUCKET = '_shared'
export const bucketOf = (d: Dataset<unknown>, server: Server) => (d.serverSensitive ? server : SHARED_BUCKET)
export const entryName = (d: Dataset<unknown>, category: Category) => (d.categorySensitive ? `${d.id}:${category}` : d.id)
