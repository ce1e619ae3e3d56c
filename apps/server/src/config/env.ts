import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { CORS_ORIGINS_FORM, parseCorsOrigins, type OriginRule } from './cors-origins'
import { StartupError } from './startup-error'
import { parseTrustProxy, TRUST_PROXY_FORM, type TrustProxy } from './trust-proxy'

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

const flag = z
  .enum(['0', '1', 'true', 'false', ''], { error: 'must be 0, 1, true or false' })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'))

const wholeNumber = (min: number, max?: number) => {
  const error = max === undefined ? `must be a whole number ≥ ${min}` : `must be a whole number from ${min} to ${max}`
  const n = z.coerce.number({ error }).int({ error }).min(min, { error })
  return max === undefined ? n : n.max(max, { error })
}

/** A folder: relative values are taken from the working directory and made absolute (static file serving needs absolute roots). */
const folder = z
  .string()
  .min(1, { error: 'must be a folder path' })
  .transform((v) => resolve(v))

const onOff = z
  .enum(['on', 'off', '1', '0', 'true', 'false'], { error: 'must be on or off' })
  .default('on')
  .transform((v) => v === 'on' || v === '1' || v === 'true')

const urlWithScheme = (schemes: readonly string[]) =>
  z.string().refine((v) => URL.canParse(v) && schemes.includes(new URL(v).protocol), {
    error: `must be a ${schemes.map((s) => `${s}//`).join(' or ')} URL`,
  })

const corsOrigins = z
  .string()
  .optional()
  .transform((raw, ctx): OriginRule[] => {
    const parsed = parseCorsOrigins(raw)
    if (parsed.ok) return parsed.value
    ctx.addIssue({ code: 'custom', message: `must be ${CORS_ORIGINS_FORM} (not valid: ${parsed.invalid.map((e) => JSON.stringify(e)).join(', ')})` })
    return z.NEVER
  })

const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const parsed = parseTrustProxy(raw)
    if (parsed.ok) return parsed.value
    ctx.addIssue({ code: 'custom', message: `must be ${TRUST_PROXY_FORM} (not valid: ${parsed.invalid.map((e) => JSON.stringify(e)).join(', ')})` })
    return z.NEVER
  })

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: wholeNumber(0, 65535).default(8080),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
    .default('info'),
  /** Embedded PGlite data folder, used when DATABASE_URL is not set; one process at a time (a lock file inside). */
  DATA_DIR: folder.prefault('./.data'),
  // The embedded database's liveness probe: one statement running this long means a frozen engine (a PANIC
  // at COMMIT, a hung disk) and ends the process for its supervisor to restart it; 0 turns it off.
  PGLITE_STALL_EXIT_S: wholeNumber(0).default(60),
  DATABASE_URL: urlWithScheme(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: urlWithScheme(['redis:', 'rediss:']).optional(),
  SEED_DIR: folder.prefault(`${repoRoot}data/seed`),
  WEB_DIST: folder.prefault(`${repoRoot}apps/web/dist`),
  /** Demo reports (issue #3); default on only for the embedded database. */
  DEMO: flag,
  /** Reverse proxies whose X-Forwarded-For is believed (config/trust-proxy.ts): a hop count or a list of addresses/ranges; off by default. */
  TRUST_PROXY: trustProxy,
  BUILD_COMMIT: z.string().default('dev'),
  /** Stored reports per minute and client address, all write routes together (a recognition batch counts its entries). */
  RATE_LIMIT_WRITES_PER_MINUTE: wholeNumber(1).default(1000),
  /** Logins and unknown PenguinIDs on personal routes per minute and client address. */
  RATE_LIMIT_IDENTITY_PER_MINUTE: wholeNumber(1).default(30),
  /**
   * Secret PenguinID proofs are signed with (docs/api-extensions.md §4); unset, a random one is made once
   * and kept in the database, so every process on it agrees. Changing it makes every issued proof worthless.
   */
  IDENTITY_SECRET: z.string().min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -base64 32`)' }).optional(),
  /** Folder of a screenshot-recognizer pack (`npm run recognizer:pack`), served at /recognizer-pack/. */
  RECOGNIZER_PACK_DIR: folder.optional(),
  /** Address of a recognizer pack folder served elsewhere (absolute URL or path); wins over RECOGNIZER_PACK_DIR. */
  RECOGNIZER_PACK_URL: z.string().optional(),
  /** Game art and recogniser data fetched at run time (modules/assets); `off` fetches and builds nothing. */
  ASSETS: onOff,
  /** Folder of the pinned files already on disk (`<owner>/<repo>/<commit>/<path>`): verified, never downloaded. */
  ASSETS_DIR: folder.optional(),
  /** Where the pinned files are downloaded from: `<base>/<owner>/<repo>/<commit>/<path>` (a mirror of GitHub's raw host). */
  ASSETS_BASE_URL: urlWithScheme(['https:', 'http:']).default('https://raw.githubusercontent.com'),
  /** Bearer token of the operators' routes (`/api/_/ops/…`, `POST /api/_/data/sync`); unset, those routes answer 401. */
  OPS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters (e.g. `openssl rand -hex 32`)' }).optional(),
  /** JSON file of the about pages' content (members, contact, donation), applied at start (modules/ops). */
  ABOUT_FILE: z.string().min(1).optional(),
  /** Run-time game-data sync from the public sources (issue 36); `off` keeps the data as seeded. */
  DATA_SYNC: onOff,
  /** Seconds between two game-data syncs. */
  DATA_SYNC_INTERVAL_S: wholeNumber(60).default(3600),
  /**
   * Fault tests only (game-data.faults.test.ts): each apply waits this many milliseconds inside its
   * transaction, after its item, zone and stage writes and before the drop infos and the version row, and
   * logs `game-data apply paused` at warn level, so a test can kill the process or its connection there.
   */
  DATA_SYNC_TEST_PAUSE_MS: wholeNumber(1).optional(),
  /**
   * A Penguin-compatible upstream's v2 base (issue 40), e.g. `https://penguin-stats.io/PenguinStats/api/v2`:
   * its global matrices become the baseline the figures stand on; unset (the default), the seed's serve.
   */
  UPSTREAM_API: urlWithScheme(['https:', 'http:']).optional(),
  /** Seconds between two rounds over the upstream's four matrices. */
  UPSTREAM_INTERVAL_S: wholeNumber(60).default(1800),
  /**
   * Origins allowed to send credentialed cross-origin requests (cookies) to the v2 API, comma-separated;
   * unset: this site and the public Penguin Statistics web client's origins (config/cors-origins.ts).
   */
  CORS_ORIGINS: corsOrigins,
  /** Bytes (in MB) one client address may send to the defect-report routes per hour and per day. */
  DEFECT_UPLOAD_MB_PER_HOUR: wholeNumber(1).default(100),
  DEFECT_UPLOAD_MB_PER_DAY: wholeNumber(1).default(300),
  /** MB every stored defect report (screenshots included) may take together; past it uploads get 429. */
  DEFECT_STORAGE_MB: wholeNumber(1).default(2048),
  /** Days a defect report is kept before the hourly purge deletes it. */
  DEFECT_RETENTION_DAYS: wholeNumber(1).default(30),
})
export type Env = z.infer<typeof EnvSchema>

/**
 * Parses the environment once. A bad value stops start-up with a StartupError listing every offending
 * variable, one per line, with what is wrong and the accepted form (values are not echoed: URLs hold passwords).
 */
export const parseEnv = (source: Record<string, string | undefined> = process.env): Env => {
  // An empty variable counts as unset (`DATABASE_URL= npm start` uses the embedded database).
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = EnvSchema.safeParse(set)
  if (!result.success) {
    const byKey = new Map<string, string>()
    for (const issue of result.error.issues) {
      const key = issue.path.join('.')
      if (!byKey.has(key)) byKey.set(key, issue.message)
    }
    const lines = [...byKey].map(([key, message]) => `  ${key}: ${message}`)
    throw new StartupError(`Invalid environment (see Configuration in README.md):\n${lines.join('\n')}`)
  }
  return result.data
}
