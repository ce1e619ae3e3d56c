import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppOptions } from './app-options'
import { createDataVersion, createFollowingVersion, type DataVersion } from './lib/data-version'
import { newRequestId } from './lib/ids'
import { createBudgets } from './lib/limits'
import { connectRedis } from './lib/redis'
import { followVersion, publishVersion } from './lib/version-sync'
import { accountsModule } from './modules/accounts/accounts.module'
import { aggregationModule } from './modules/aggregation/aggregation.module'
import { createAggregationRepository } from './modules/aggregation/aggregation.repository'
import { assetsModule } from './modules/assets/assets.module'
import { catalogModule } from './modules/catalog/catalog.module'
import { defectsModule } from './modules/defects/defects.module'
import { demoModule } from './modules/demo/demo.module'
import { efficiencyModule } from './modules/efficiency/efficiency.module'
import { exportsModule } from './modules/exports/exports.module'
import { gameDataModule } from './modules/game-data/game-data.module'
import { healthModule } from './modules/health/health.module'
import { heldReportsModule } from './modules/held-reports/held-reports.module'
import { matrixModule } from './modules/matrix/matrix.module'
import type { ModuleDeps } from './modules/module'
import { myReportsModule } from './modules/my-reports/my-reports.module'
import { operatorsModule } from './modules/operators/operators.module'
import { opsModule } from './modules/ops/ops.module'
import { plannerModule } from './modules/planner/planner.module'
import { probeModule } from './modules/probe/probe.module'
import { reportsModule } from './modules/reports/reports.module'
import { resultsModule } from './modules/results/results.module'
import { shareModule } from './modules/share/share.module'
import { siteStatsModule } from './modules/site-stats/site-stats.module'
import { upstreamModule } from './modules/upstream/upstream.module'
import { compatPlugin } from './plugins/compat'
import { compressionPlugin } from './plugins/compression'
import { wireDatabaseGate } from './plugins/database-gate'
import { docsPlugin } from './plugins/docs'
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler'
import { declineUpgradesPlugin } from './plugins/h2c'
import { storableInputPlugin } from './plugins/storable-input'
import { jsonLimitsPlugin } from './plugins/json-limits'
import { recognizerConfig, recognizerPackPlugin } from './plugins/recognizer-pack'
import { webPlugin } from './plugins/web'

/**
 * Default budgets per client address. Writes: a player uploading 1,000 recognised screenshots at once
 * (20 batches of 50) or MAA reporting every stage of several accounts is never refused, while one address
 * cannot flood the statistics. Identity: logins and unknown PenguinIDs on personal routes (a guesser gets
 * 30 tries a minute instead of thousands a second; a player logs in a few times a day).
 */
export type { AppOptions } from './app-options'

export const DEFAULT_WRITES_PER_MINUTE = 1000
export const DEFAULT_IDENTITY_PER_MINUTE = 30

export const REQUEST_TIMEOUT_MS = 30_000

/** Assembles plugins and modules. Never listens, so tests build it and inject requests. */
export const buildApp = async (options: AppOptions) => {
  const { db, clock = Date.now, requestTimeoutMs = REQUEST_TIMEOUT_MS } = options
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    genReqId: () => newRequestId(),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    // A request (headers and body) not received within 30 s is dropped with a 408: a body that never
    // finishes cannot hold a connection for minutes. Node checks its connections every 2 s.
    requestTimeout: requestTimeoutMs,
    http: { headersTimeout: Math.min(20_000, requestTimeoutMs), requestTimeout: requestTimeoutMs, connectionsCheckingInterval: 2_000 },
    clientErrorHandler,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const {
    redis,
    subscriber,
    unreachable: redisUnreachable,
    disconnect: disconnectRedis,
  } = connectRedis(options.redisUrl, app.log, {
    subscriber: options.background === true,
  })

  await app.register(errorHandlerPlugin)
  await app.register(compatPlugin, { corsOrigins: options.corsOrigins })
  await app.register(compressionPlugin)
  await app.register(storableInputPlugin)
  await app.register(jsonLimitsPlugin)
  await app.register(declineUpgradesPlugin)
  const budgets = createBudgets(
    {
      writesPerMinute: options.writeLimitPerMinute ?? DEFAULT_WRITES_PER_MINUTE,
      identityPerMinute: options.identityLimitPerMinute ?? DEFAULT_IDENTITY_PER_MINUTE,
      advancedPer5Minutes: options.advancedLimitPer5Minutes ?? 30,
    },
    redis,
  )
  const binInfo = options.binInfo ?? { version: '0.0.0', build: 'dev' }
  await app.register(docsPlugin, { version: binInfo.version })

  const { readVersion } = createAggregationRepository(db)
  const version = options.version ?? createDataVersion(options.databaseGate ? 0 : await readVersion())
  // Caches follow the data version: this process's worker advances it; other processes' changes arrive
  // through Redis pub/sub when configured, and through polling the version row in any case.
  let stopFollowing = () => {}
  // Registered before the modules: onClose hooks run last-registered first, so this runs after every module's.
  app.addHook('onClose', async () => {
    stopFollowing()
    disconnectRedis()
    if (options.closeDb) await db.close()
  })
  const backgroundTasks: (() => void | Promise<void>)[] = []
  const deps: ModuleDeps = {
    db,
    clock,
    version,
    answers: createFollowingVersion(version),
    budgets,
    redis,
    onRedisFallback: redisUnreachable,
    background: options.background === true,
    databaseReady: options.databaseGate?.opened,
    onBackgroundStart: (task) => void backgroundTasks.push(task),
    binInfo,
    options,
  }

  // The modules (modules/<m>/<m>.module.ts), each after the modules whose handles it reads.
  await app.register(assetsModule, deps)
  await app.register(catalogModule, deps)
  await app.register(accountsModule, deps)
  await app.register(matrixModule, deps)
  await app.register(siteStatsModule, deps)
  await app.register(resultsModule, deps)
  await app.register(shareModule, deps)
  await app.register(efficiencyModule, deps)
  await app.register(aggregationModule, deps)
  await app.register(heldReportsModule, deps)
  await app.register(defectsModule, deps)
  await app.register(reportsModule, deps)
  await app.register(myReportsModule, deps)
  await app.register(plannerModule, deps)
  await app.register(operatorsModule, deps)
  await app.register(gameDataModule, deps)
  await app.register(exportsModule, deps)
  await app.register(upstreamModule, deps)
  await app.register(healthModule, deps)
  await app.register(probeModule, deps)
  await app.register(opsModule, deps)
  await app.register(demoModule, deps)

  if (options.recognizerPack?.dir && !options.recognizerPack.url) await app.register(recognizerPackPlugin, { dir: options.recognizerPack.dir })
  if (options.webDist) {
    const connectUrls = [recognizerConfig(options.recognizerPack ?? {}).recognizer.packUrl]
    await app.register(webPlugin, { dist: options.webDist, connectUrls, frontendConfig: () => app.catalog.config() })
  }

  publishVersion(version, redis)
  const startBackground = async () => {
    for (const task of backgroundTasks) await task()
    const onPollError = (err: unknown) => app.log.warn({ err }, 'version poll failed')
    stopFollowing = await followVersion({ version, subscriber, readVersion, onPollError })
  }
  await wireDatabaseGate(app, { gate: options.databaseGate, version, readVersion, start: options.background ? startBackground : null })
  app.decorate('dataVersion', version)
  return app
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Version of the aggregated statistics (advanced by the aggregation worker, followed across processes). */
    dataVersion: DataVersion
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>
