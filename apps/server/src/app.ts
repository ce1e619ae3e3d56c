import type { BinInfo } from '@dropwise/schemas'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { createDataVersion, type DataVersion } from './lib/data-version'
import { newRequestId } from './lib/ids'
import { createAccountsRepository } from './modules/accounts/accounts.repository'
import { createAccountsService } from './modules/accounts/accounts.service'
import { createCatalogRepository } from './modules/catalog/catalog.repository'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { createCatalogService, type CatalogService } from './modules/catalog/catalog.service'
import { healthRoutes } from './modules/health/health.routes'
import { createMatrixRepository } from './modules/matrix/matrix.repository'
import { matrixRoutes } from './modules/matrix/matrix.routes'
import { createMatrixService, type MatrixService } from './modules/matrix/matrix.service'
import { plannerRoutes } from './modules/planner/planner.routes'
import { createPlannerService } from './modules/planner/planner.service'
import { resultsRoutes } from './modules/results/results.routes'
import { createResultsService } from './modules/results/results.service'
import { statsRoutes } from './modules/stats/stats.routes'
import { createStatsService, type StatsService } from './modules/stats/stats.service'
import { compatPlugin, V2_PREFIXES } from './plugins/compat'
import type { Db } from './plugins/db'
import { docsPlugin } from './plugins/docs'
import { errorHandlerPlugin } from './plugins/error-handler'
import { webPlugin } from './plugins/web'

export interface AppOptions {
  db: Db
  clock?: () => number
  logger?: FastifyServerOptions['logger']
  /** Folder of the built web app; null serves the API only. */
  webDist?: string | null
  binInfo?: BinInfo
  trustProxy?: boolean
  /** Version of the aggregated statistics (shared with the aggregation worker). */
  version?: DataVersion
  /** Close the database when the app closes (the server owns it; tests may share one). */
  closeDb?: boolean
}

/** Assembles plugins and modules. Never listens, so tests build it and inject requests. */
export const buildApp = async (options: AppOptions) => {
  const { db, clock = Date.now } = options
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => newRequestId(),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  await app.register(errorHandlerPlugin)
  await app.register(compatPlugin)
  const binInfo = options.binInfo ?? { version: '0.0.0', build: 'dev' }
  await app.register(docsPlugin, { version: binInfo.version })

  const version = options.version ?? createDataVersion()
  const catalog = createCatalogService({ repository: createCatalogRepository(db), clock })
  const accounts = createAccountsService({ accounts: createAccountsRepository(db) })
  const matrixRepository = createMatrixRepository(db)
  const matrix = createMatrixService({ repository: matrixRepository, catalog, accounts, clock })
  const stats = createStatsService({ db, catalog, version, clock })
  const results = createResultsService({ db, catalog, accounts, version, clock })
  const planner = createPlannerService({
    catalog,
    matrix,
    clock,
    timer: () => performance.now(),
    loadHighs: async () => (await import('highs')).default(),
  })

  for (const prefix of V2_PREFIXES) {
    await app.register(
      async (v2) => {
        await v2.register(catalogRoutes, { catalog })
        await v2.register(matrixRoutes, { matrix })
        await v2.register(statsRoutes, { stats })
        await v2.register(resultsRoutes, { results })
      },
      { prefix },
    )
  }
  await app.register(healthRoutes, { db, binInfo })
  await app.register(plannerRoutes, { planner })
  if (options.webDist) await app.register(webPlugin, { dist: options.webDist })
  if (options.closeDb) app.addHook('onClose', async () => db.close())

  app.decorate('services', { catalog, matrix, stats })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      catalog: CatalogService
      matrix: MatrixService
      stats: StatsService
    }
  }
}
