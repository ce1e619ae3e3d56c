import { defineModule } from '../module'
import { createAggregationRepository } from './aggregation.repository'
import { createAggregationWorker, type AggregationWorker } from './aggregation.worker'

declare module 'fastify' {
  interface FastifyInstance {
    /** The aggregation worker: stored reports into the statistics (tests drive `runPass` themselves). */
    aggregation: AggregationWorker
  }
}

/** The aggregation worker: started in a background process once the database is ready, stopped at close. No routes. */
export const aggregationModule = defineModule(
  'aggregation',
  async (app, { db, version, clock, onBackgroundStart }) => {
    // PGlite runs statements on this thread: smaller batches keep requests flowing during big passes.
    const aggregation = createAggregationWorker({
      repository: createAggregationRepository(db),
      catalog: app.catalog,
      version,
      clock,
      log: app.log,
      batchSize: db.kind === 'pglite' ? 500 : 1000,
    })
    app.decorate('aggregation', aggregation)
    onBackgroundStart(() => aggregation.start())
    app.addHook('onClose', async () => aggregation.stop())
  },
  ['catalog'],
)
