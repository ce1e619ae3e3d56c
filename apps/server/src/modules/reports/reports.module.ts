import { randomAlnum } from '../../lib/ids'
import { defineModule, underV2 } from '../module'
import { createReportWriter, type ReportWriter } from './report-writer'
import { createReportsRepository } from './reports.repository'
import { reportsRoutes } from './reports.routes'
import { createReportsService, type ReportsService } from './reports.service'
import { wireIdempotency } from './reports.wire'

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsService
    /** Batches report inserts; drained at close (tests and benches await it). */
    writer: ReportWriter
  }
}

/**
 * Drop reports and recognition batches (api-v2 §7): stored through the writer, unknown stages and items held
 * (`app.held`), the aggregation nudged after each store; idempotency keys purged in a background process.
 */
export const reportsModule = defineModule(
  'reports',
  async (app, { db, clock, version, redis, onRedisFallback, budgets, onBackgroundStart }) => {
    const { catalog, accounts, aggregation, held } = app
    const repository = createReportsRepository(db)
    const writer = createReportWriter(repository.insertBatch, { concurrency: db.kind === 'postgres' ? 4 : 1 })
    const reports = createReportsService({
      catalog,
      accounts,
      repository,
      writer,
      version,
      clock,
      randomAlnum,
      onStored: () => aggregation.nudge(),
      held: { hold: held.hold, recall: held.recall },
    })
    const { idempotency, ...idempotencyKeys } = wireIdempotency({ db, redis, clock, onRedisFallback, log: app.log })
    app.decorate('reports', reports)
    app.decorate('writer', writer)
    const { guard: identityGuard, proofs } = app.identity
    await underV2(app, (v2) => v2.register(reportsRoutes, { reports, idempotency, clock, writes: budgets.writes, identityGuard, proofs }), catalog.servedDataVersion)
    onBackgroundStart(() => idempotencyKeys.startPurge())
    app.addHook('onClose', async () => {
      await idempotencyKeys.stopPurge()
      await writer.drain()
    })
  },
  ['catalog', 'accounts', 'aggregation', 'held-reports'],
)
