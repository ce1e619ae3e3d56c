import pino from 'pino'
import { SERVERS } from '@dropwise/schemas'
import { buildApp } from './app'
import { DEMO_DEFAULTS } from './modules/demo/demo-defaults'
import { parseEnv, type Env } from './config/env'
import { exitOnStartupError, StartupError } from './config/startup-error'
import { fastifyTrustProxy } from './config/trust-proxy'
import { openDatabase, prepareDatabase, readBinInfo } from './bootstrap'
import type { Db } from './db/db'
import { createDatabaseGate, waitForDatabase } from './plugins/database-gate'

/**
 * The only file that reads the environment, listens and exits. A bad variable, a data folder another
 * process holds or a port in use ends start-up with one readable message on stderr and exit code 1.
 */
let env: Env
let db: Db
let log: pino.Logger
try {
  env = parseEnv()
  log = pino({ level: env.LOG_LEVEL })
  const logger = log
  db = await openDatabase(env, {
    onStaleLock: ({ holder, lockFile }) =>
      logger.info({ lockFile, holder }, holder ? `recovered the data folder lock of process ${holder.pid}, which is gone` : 'replaced an unreadable data folder lock'),
    onConnectionError: (err) => logger.warn({ err }, 'a database connection failed; the next query opens a new one'),
    onEngineEvent: (event) => {
      if (event.kind === 'panic') logger.error({ err: event.err }, 'the embedded database stopped (PANIC): answering 503 while it is opened again')
      else if (event.kind === 'reopened') logger.warn({ downMs: event.downMs }, 'the embedded database is open again')
      else logger.warn({ err: event.err }, 'the embedded database could not be opened again yet; trying again')
    },
    stallExitMs: env.PGLITE_STALL_EXIT_S * 1000,
  })
} catch (err) {
  exitOnStartupError(err)
}
// The app listens before its database is ready: a PostgreSQL that is down (or starting) at start-up is an
// outage, not a failure; health says the database is down and the API answers 503 until it is migrated.
const databaseGate = createDatabaseGate()
const app = await buildApp({
  db,
  loggerInstance: log,
  webDist: env.WEB_DIST,
  binInfo: readBinInfo(env.BUILD_COMMIT),
  trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
  closeDb: true,
  background: true,
  databaseGate,
  ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
  writeLimitPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
  identityLimitPerMinute: env.RATE_LIMIT_IDENTITY_PER_MINUTE,
  ...(env.IDENTITY_SECRET ? { identitySecret: env.IDENTITY_SECRET } : {}),
  corsOrigins: env.CORS_ORIGINS,
  recognizerPack: { dir: env.RECOGNIZER_PACK_DIR, url: env.RECOGNIZER_PACK_URL },
  defectLimits: {
    bytesPerHour: env.DEFECT_UPLOAD_MB_PER_HOUR * 2 ** 20,
    bytesPerDay: env.DEFECT_UPLOAD_MB_PER_DAY * 2 ** 20,
    totalBytes: env.DEFECT_STORAGE_MB * 2 ** 20,
    retentionMs: env.DEFECT_RETENTION_DAYS * 86_400_000,
  },
  ops: { token: env.OPS_TOKEN, aboutFile: env.ABOUT_FILE },
  assets: { enabled: env.ASSETS, dataDir: env.DATA_DIR, sourceDir: env.ASSETS_DIR, baseUrl: env.ASSETS_BASE_URL },
  gameData: {
    enabled: env.DATA_SYNC,
    intervalS: env.DATA_SYNC_INTERVAL_S,
    baseUrl: env.ASSETS_BASE_URL,
    ...(env.OPS_TOKEN ? { opsToken: env.OPS_TOKEN } : {}),
    ...(env.DATA_SYNC_TEST_PAUSE_MS ? { testPauseMs: env.DATA_SYNC_TEST_PAUSE_MS } : {}),
    // The upstream's stages, zones and items are one more game-data source (issue 40).
    ...(env.UPSTREAM_API ? { upstreamUrl: env.UPSTREAM_API } : {}),
  },
  upstream: { ...(env.UPSTREAM_API ? { url: env.UPSTREAM_API } : {}), intervalS: env.UPSTREAM_INTERVAL_S },
})

let closing = false
const shutdown = async (signal: string) => {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  const timer = setTimeout(() => process.exit(1), 10_000)
  timer.unref()
  await app.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

try {
  await app.listen({ host: env.HOST, port: env.PORT })
} catch (err) {
  await app.close().catch(() => {})
  const code = (err as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs privileges this process lacks' : 'is not an address of this machine'
    exitOnStartupError(new StartupError(`Cannot listen on ${env.HOST}:${env.PORT}: the address ${why} (${code}). Set PORT (or HOST) to another value.`))
  }
  exitOnStartupError(err)
}

const prepared = async () => {
  const outcome = await prepareDatabase(db, env.SEED_DIR)
  log.info({ database: db.kind, migrations: outcome.migrations, seed: outcome.seed, counts: outcome.counts }, 'database ready')
}
let ready = false
try {
  // False only when a shutdown began during the wait.
  ready = await waitForDatabase(prepared, { log, stopped: () => closing })
} catch (err) {
  log.fatal({ err }, 'database preparation failed')
  await app.close().catch(() => {})
  process.exit(1)
}
if (ready) whenReady()

function whenReady() {
  databaseGate.open()
  void app.matrix.warm(SERVERS).catch((err: unknown) => app.log.warn({ err }, 'cache warm-up failed'))

  // Demo reports: once, on the embedded database unless DEMO=0; on PostgreSQL only when DEMO=1.
  const wantDemo = env.DEMO ?? !env.DATABASE_URL
  if (wantDemo) {
    void (async () => {
      if (await app.demo.present()) return
      const started = Date.now()
      const { reports } = await app.demo.simulate(DEMO_DEFAULTS)
      app.log.info({ reports, durationMs: Date.now() - started }, 'demo reports simulated (source dropwise-demo)')
    })().catch((err: unknown) => app.log.error({ err }, 'demo simulation failed'))
  }
}
