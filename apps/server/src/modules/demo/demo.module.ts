import { createMatrixRepository } from '../matrix/matrix.repository'
import { defineModule } from '../module'
import { createReportsRepository } from '../reports/reports.repository'
import { createDemoRepository } from './demo.repository'
import { createDemoService, type DemoService } from './demo.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Simulated demo reports (the server on an embedded database, `npm run demo`). */
    demo: DemoService
  }
}

/** Demo reports: written as reports and aggregated like them (docs/api-extensions.md §3g). No routes. */
export const demoModule = defineModule(
  'demo',
  async (app, { db, clock }) => {
    const demo = createDemoService({
      demo: createDemoRepository(db),
      catalog: app.catalog,
      accounts: app.accounts,
      matrix: createMatrixRepository(db),
      reports: createReportsRepository(db),
      aggregation: app.aggregation,
      clock,
      onProgress: (done, total) => app.log.info({ done, total }, 'simulating demo reports'),
    })
    app.decorate('demo', demo)
  },
  ['catalog', 'accounts', 'aggregation'],
)
