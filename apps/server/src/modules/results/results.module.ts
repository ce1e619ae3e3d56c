import { defineModule, underV2 } from '../module'
import { createAdvancedService } from './advanced.service'
import { createPatternsService, type PatternsService } from './patterns.service'
import { createResultsRepository } from './results.repository'
import { resultsRoutes } from './results.routes'
import { createTrendsService } from './trends.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Drop patterns (read by the exports). */
    patterns: PatternsService
  }
}

/** Patterns, trends and advanced queries (api-v2 §8.2-8.5). */
export const resultsModule = defineModule(
  'results',
  async (app, { db, clock, version, answers, budgets }) => {
    const { catalog, accounts } = app
    const repository = createResultsRepository(db)
    const patterns = createPatternsService({ repository, catalog, accounts, version: answers, clock })
    const trends = createTrendsService({ repository, version, clock })
    const advanced = createAdvancedService({ repository, catalog, accounts, clock })
    app.decorate('patterns', patterns)
    await underV2(
      app,
      (v2) => v2.register(resultsRoutes, { patterns, trends, advanced, advancedBudget: budgets.advanced, identityGuard: app.identity.guard }),
      catalog.servedDataVersion,
    )
  },
  ['catalog', 'accounts'],
)
