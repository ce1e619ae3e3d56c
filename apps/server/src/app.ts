import { randomInt } from 'node:crypto'
import { SERVERS } from '@dropwise/schemas'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppOptions } from './app-options'
import type {} from './app-services'
import { createDataVersion, createFollowingVersion } from './lib/data-version'
import { newRequestId, randomAlnum } from './lib/ids'
import { createBudgets } from './lib/limits'
import { connectRedis } from './lib/redis'
import { followVersion, publishVersion } from './lib/version-sync'
import { createAccountsRepository } from './modules/accounts/accounts.repository'
import { accountsRoutes } from './modules/accounts/accounts.routes'
import { createAccountsService } from './modules/accounts/accounts.service'
import { createIdentityGuard } from './modules/accounts/identity-guard'
import { createIdentityProofs } from './modules/accounts/identity-proof'
import { createIdentitySecretRepository } from './modules/accounts/identity-secret.repository'
import { createVouchStore } from './modules/accounts/vouches.store'
import { createAggregationRepository } from './modules/aggregation/aggregation.repository'
import { createAggregationWorker } from './modules/aggregation/aggregation.worker'
import { assetsRoutes } from './modules/assets/assets.routes'
import { assetsHealth } from './modules/assets/assets.health'
import { assetsServiceFromOptions, assetsStorage } from './modules/assets/assets.options'
import { createAssetsRepository } from './modules/assets/assets.repository'
import { createCatalogRepository } from './modules/catalog/catalog.repository'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { createCatalogService, DATA_VERSION_HEADER } from './modules/catalog/catalog.service'
import { createHealthRepository } from './modules/health/health.repository'
import { healthRoutes } from './modules/health/health.routes'
import { createHealthService } from './modules/health/health.service'
import { wireGameData } from './modules/game-data/game-data.wire'
import { defectsRoutes } from './modules/defects/defects.routes'
import { wireDefects } from './modules/defects/defects.wire'
import { createDemoRepository } from './modules/demo/demo.repository'
import { createDemoService } from './modules/demo/demo.service'
import { wireOps } from './modules/ops/ops.wire'
import { wireExports } from './modules/exports/exports.wire'
import { createMatrixRepository } from './modules/matrix/matrix.repository'
import { matrixRoutes } from './modules/matrix/matrix.routes'
import { createMatrixService } from './modules/matrix/matrix.service'
import { plannerRoutes } from './modules/planner/planner.routes'
import { operatorsRoutes, wireOperators } from './modules/operators/operators.wire'
import { wireProbe } from './modules/probe/probe.wire'
import { createPlannerService } from './modules/planner/planner.service'
import { efficiencyRoutes, wireEfficiency } from './modules/efficiency/efficiency.wire'
import { wireHeldReports } from './modules/held-reports/held-reports.wire'
import { createMyReportsRepository } from './modules/my-reports/my-reports.repository'
import { myReportsRoutes } from './modules/my-reports/my-reports.routes'
import { createMyReportsService } from './modules/my-reports/my-reports.service'
import { createReportWriter } from './modules/reports/report-writer'
import { createReportsRepository } from './modules/reports/reports.repository'
import { reportsRoutes } from './modules/reports/reports.routes'
import { createReportsService } from './modules/reports/reports.service'
import { wireIdempotency } from './modules/reports/reports.wire'
import { createAdvancedService } from './modules/results/advanced.service'
import { createPatternsService } from './modules/results/patterns.service'
import { createResultsRepository } from './modules/results/results.repository'
import { resultsRoutes } from './modules/results/results.routes'
import { createTrendsService } from './modules/results/trends.service'
import { wireUpstream } from './modules/upstream/upstream.wire'
import { shareRoutes } from './modules/share/share.routes'
import { createShareService } from './modules/share/share.service'
import { createSiteStatsRepository } from './modules/site-stats/site-stats.repository'
import { siteStatsRoutes } from './modules/site-stats/site-stats.routes'
import { createSiteStatsService } from './modules/site-stats/site-stats.service'
import { compatPlugin, V2_PREFIXES } from './plugins/compat'
import { compressionPlugin } from './plugins/compression'
import { gatedPing, wireDatabaseGate } from './plugins/database-gate'
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

  const aggregationRepository = createAggregationRepository(db)
  const version = options.version ?? createDataVersion(options.databaseGate ? 0 : await aggregationRepository.readVersion())
  const assetsRepository = createAssetsRepository(assetsStorage(options.assets))
  const assets = assetsServiceFromOptions(options.assets, {
    repository: assetsRepository,
    operatorPackUrl: recognizerConfig(options.recognizerPack ?? {}).recognizer.packUrl,
    // Called from onReady on: the catalog and the gate below exist by then.
    referenceData: async () => {
      await databaseReady
      return { stages: await catalog.stageRecords(), dropInfos: await catalog.dropInfoList(), items: await catalog.itemList() }
    },
    clock,
    log: { info: (msg) => app.log.info(msg), warn: (msg) => app.log.warn(msg) },
  })
  // A function: /config follows the assets' state (pack URL, icon sheet) as it changes.
  const catalog = createCatalogService({ repository: createCatalogRepository(db), clock, configExtras: () => assets.configExtras() })
  const accounts = createAccountsService({ accounts: createAccountsRepository(db), clock, randomInt: (max) => randomInt(max), vouches: createVouchStore(redis, clock) })
  const matrixRepository = createMatrixRepository(db)
  // Answers that read the catalog too (periods, open stages) rebuild when either the aggregates or the game data move.
  const answers = createFollowingVersion(version)
  const matrix = createMatrixService({ repository: matrixRepository, catalog, accounts, version: answers, clock })
  const stats = createSiteStatsService({ repository: createSiteStatsRepository(db), catalog, version: answers, clock })
  const resultsRepository = createResultsRepository(db)
  const patterns = createPatternsService({ repository: resultsRepository, catalog, accounts, version: answers, clock })
  const trends = createTrendsService({ repository: resultsRepository, version, clock })
  const advanced = createAdvancedService({ repository: resultsRepository, catalog, accounts, clock })
  const loadHighs = async () => (await import('highs')).default()
  const planner = createPlannerService({ catalog, matrix, clock, timer: () => performance.now(), loadHighs })
  const operators = wireOperators({ db, catalog, clock })
  const efficiency = wireEfficiency({ db, catalog, matrix, version: answers, clock, loadHighs, log: app.log })
  // PGlite runs statements on this thread: smaller batches keep requests flowing during big passes.
  const aggregation = createAggregationWorker({ repository: aggregationRepository, catalog, version, clock, log: app.log, batchSize: db.kind === 'pglite' ? 500 : 1000 })
  // PenguinID proofs (docs/api-extensions.md §4): the operator's IDENTITY_SECRET, else one shared through the database.
  const proofs = createIdentityProofs({ secret: options.identitySecret, loadSecret: createIdentitySecretRepository(db, clock).secret })
  const identityGuard = createIdentityGuard({ accounts, budget: budgets.identity, proofs })
  const held = await wireHeldReports(app, { db, catalog, accounts, clock, identityGuard, background: options.background, aggregation })
  const reportsRepository = createReportsRepository(db)
  const writer = createReportWriter(reportsRepository.insertBatch, { concurrency: db.kind === 'postgres' ? 4 : 1 })
  const reports = createReportsService({
    catalog,
    accounts,
    repository: reportsRepository,
    writer,
    version,
    clock,
    randomAlnum,
    onStored: () => aggregation.nudge(),
    held,
  })
  const demo = createDemoService({
    demo: createDemoRepository(db),
    catalog,
    accounts,
    matrix: matrixRepository,
    reports: reportsRepository,
    aggregation,
    clock,
    onProgress: (done, total) => app.log.info({ done, total }, 'simulating demo reports'),
  })
  const myReports = createMyReportsService({ repository: createMyReportsRepository(db), accounts, reports, clock })
  const share = createShareService({ catalog, matrix, clock })
  const databaseReady = options.databaseGate?.opened
  const defects = wireDefects(app, { db, clock, redis, limits: options.defectLimits, background: options.background === true, databaseReady })
  const { idempotency, ...idempotencyKeys } = wireIdempotency({ db, redis, clock, onRedisFallback: redisUnreachable, log: app.log })

  for (const prefix of V2_PREFIXES) {
    await app.register(
      async (v2) => {
        // Every v2 answer names the game-data version it was answered under (docs/api-extensions.md §3j).
        v2.addHook('onSend', (_req, reply, payload, done) => {
          const served = catalog.servedDataVersion()
          if (served > 0) reply.header(DATA_VERSION_HEADER, String(served))
          done(null, payload)
        })
        await v2.register(catalogRoutes, { catalog })
        await v2.register(matrixRoutes, { matrix, identityGuard })
        await v2.register(siteStatsRoutes, { stats })
        await v2.register(resultsRoutes, { patterns, trends, advanced, advancedBudget: budgets.advanced, identityGuard })
        await v2.register(accountsRoutes, { accounts, identityGuard, proofs })
        await v2.register(shareRoutes, { share })
        await v2.register(efficiencyRoutes, { efficiency, catalog })
        await v2.register(defectsRoutes, { ...defects, writes: budgets.writes })
        await v2.register(reportsRoutes, { reports, idempotency, clock, writes: budgets.writes, identityGuard, proofs })
        await v2.register(myReportsRoutes, { myReports, identityGuard, writes: budgets.writes })
        // The planner under both v2 bases too, for clients that know only a v2 base URL (the public web
        // client's planner host is routed by the operator: docs/api-extensions.md §2). Documented once, as /planner/plan.
        await v2.register(plannerRoutes, { planner, documented: false })
        await v2.register(operatorsRoutes, { operators })
      },
      { prefix },
    )
  }
  const gameData = await wireGameData(app, { db, catalog, options: options.gameData ?? {}, background: options.background === true, clock, databaseReady })
  // New stages or items: the recognizer pack and the icon sheet follow (issue 36 item 4).
  gameData.onGameDataVersion(() => assets.follow())
  gameData.onGameDataVersion(() => answers.bump())
  await wireExports(app, { db, catalog, matrix, patterns, stats, gameData, clock, background: options.background === true, databaseReady })
  const upstream = await wireUpstream(app, {
    db,
    catalog,
    version,
    options: { opsToken: options.ops?.token, ...options.upstream },
    background: options.background === true,
    clock,
    databaseReady,
  })
  const health = createHealthService({
    repository: gatedPing(options.databaseGate, createHealthRepository(db)),
    redis,
    data: gameData.health,
    upstream: upstream.health,
    assets: () => assetsHealth(assets.status()),
  })
  await app.register(healthRoutes, { health, binInfo })
  await app.register(plannerRoutes, { planner })
  const probe = await wireProbe(app, { db, clock })
  await app.register(assetsRoutes, { assets })
  await wireOps(app, { db, catalog, version, clock, opsToken: options.ops?.token, aboutFile: options.ops?.aboutFile, databaseReady })
  if (options.recognizerPack?.dir && !options.recognizerPack.url) await app.register(recognizerPackPlugin, { dir: options.recognizerPack.dir })
  if (options.webDist) await app.register(webPlugin, { dist: options.webDist, connectUrls: [recognizerConfig(options.recognizerPack ?? {}).recognizer.packUrl] })

  // Caches follow the data version: this process's worker advances it; other processes' changes arrive
  // through Redis pub/sub when configured, and through polling the version row in any case.
  publishVersion(version, redis)
  let stopFollowing = () => {}
  let probeFlusher: NodeJS.Timeout | null = null
  const startBackground = async () => {
    void efficiency.warm(SERVERS) // first: its stored answers are read before the other workers' queries
    aggregation.start()
    idempotencyKeys.startPurge()
    const onPollError = (err: unknown) => app.log.warn({ err }, 'version poll failed')
    stopFollowing = await followVersion({ version, subscriber, readVersion: aggregationRepository.readVersion, onPollError })
    probeFlusher = setInterval(() => void probe.flush().catch((err: unknown) => app.log.warn({ err }, 'probe flush failed')), 60_000)
    probeFlusher.unref()
  }
  await wireDatabaseGate(app, { gate: options.databaseGate, version, readVersion: aggregationRepository.readVersion, start: options.background ? startBackground : null })

  // In the background: the API answers at once; assets announce themselves in /config when ready.
  app.addHook('onReady', async () => assets.start())
  app.addHook('onClose', async () => {
    await assets.stop()
    await efficiency.stop()
    stopFollowing()
    if (probeFlusher) clearInterval(probeFlusher)
    await probe.flush().catch(() => {})
    await aggregation.stop()
    await idempotencyKeys.stopPurge()
    await writer.drain()
    disconnectRedis()
    if (options.closeDb) await db.close()
  })

  app.decorate('services', { catalog, matrix, stats, accounts, reports, aggregation, writer, version, demo, assets, efficiency, probeFlush: () => probe.flush() })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
