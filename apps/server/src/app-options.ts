import type { BinInfo } from '@dropwise/schemas'
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify'
import type { OriginRule } from './config/cors-origins'
import type { Db } from './db/db'
import type { DataVersion } from './lib/data-version'
import type { AssetsOptions } from './modules/assets/assets.options'
import type { DefectLimits } from './modules/defects/defects.wire'
import type { GameDataOptions } from './modules/game-data/game-data.wire'
import type { UpstreamOptions } from './modules/upstream/upstream.wire'
import type { DatabaseGate } from './plugins/database-gate'
import type { RecognizerPackOptions } from './plugins/recognizer-pack'

/** What `buildApp` (app.ts) is given: the server passes its settings, tests their own. */
export interface AppOptions {
  db: Db
  clock?: () => number
  logger?: FastifyServerOptions['logger']
  /** A pino logger to use instead of `logger`. */
  loggerInstance?: FastifyBaseLogger
  /** Folder of the built web app; null serves the API only. */
  webDist?: string | null
  binInfo?: BinInfo
  trustProxy?: boolean | string[] | ((address: string, hop: number) => boolean)
  /** Close the database when the app closes (the server owns it; tests may share one). */
  closeDb?: boolean
  /** Version of the aggregated statistics (shared with the aggregation worker). */
  version?: DataVersion
  /** Redis for idempotency keys, rate limits and cache invalidation across processes. */
  redisUrl?: string
  /** Run the aggregation worker loop and follow the data version of other processes (the server does; tests drive passes themselves). */
  background?: boolean
  /** Advanced queries per 5 minutes and client address. */
  advancedLimitPer5Minutes?: number
  /** Stored reports per minute and client address, across every write route (a recognition batch counts its entries). */
  writeLimitPerMinute?: number
  /** Logins and unknown PenguinIDs on personal routes per minute and client address. */
  identityLimitPerMinute?: number
  /** Signs PenguinID proofs (`IDENTITY_SECRET`); unset, a random secret stored in the database (`identity.secret`). */
  identitySecret?: string
  /** The screenshot recognizer's resource pack (`RECOGNIZER_PACK_DIR` / `RECOGNIZER_PACK_URL`), announced in `/config`. */
  recognizerPack?: RecognizerPackOptions
  /**
   * Game art and recogniser data fetched at run time (`ASSETS`, `ASSETS_DIR`, `ASSETS_BASE_URL`): built
   * into a recognizer pack and an item icon sheet in the background. Without it nothing is fetched
   * (state `off`); an operator's `recognizerPack` still wins for recognition.
   */
  assets?: AssetsOptions
  /** Byte budgets per address, total storage and retention of recognition defect reports (`DEFECT_*`). */
  defectLimits?: Partial<DefectLimits>
  /** Origins allowed credentialed CORS on v2 (`CORS_ORIGINS`, config/cors-origins.ts); unset: its defaults. */
  corsOrigins?: OriginRule[]
  /** How long a request (headers and body) may take to arrive: 30 s (`REQUEST_TIMEOUT_MS`); tests shorten it. */
  requestTimeoutMs?: number
  /** `OPS_TOKEN` and `ABOUT_FILE` of the operators' routes (modules/ops). */
  ops?: { token?: string; aboutFile?: string }
  /** Closed while the server waits for its database (started before it): API 503s, background waits (plugins/database-gate.ts). */
  databaseGate?: DatabaseGate
  gameData?: GameDataOptions // the run-time game-data sync (issue 36; modules/game-data)
  /** A Penguin-compatible upstream's matrices as the baseline (`UPSTREAM_API`, `UPSTREAM_INTERVAL_S`; issue 40, modules/upstream). */
  upstream?: UpstreamOptions
}
