import type { DataVersion } from './lib/data-version'
import type { AccountsService } from './modules/accounts/accounts.service'
import type { AggregationWorker } from './modules/aggregation/aggregation.worker'
import type { AssetsService } from './modules/assets/assets.service'
import type { CatalogService } from './modules/catalog/catalog.service'
import type { DemoService } from './modules/demo/demo.service'
import type { EfficiencyService } from './modules/efficiency/efficiency.service'
import type { MatrixService } from './modules/matrix/matrix.service'
import type { ReportWriter } from './modules/reports/report-writer'
import type { ReportsService } from './modules/reports/reports.service'
import type { SiteStatsService } from './modules/site-stats/site-stats.service'

/** What `buildApp` (app.ts) exposes as `app.services` for the server, CLIs, tests and benchmarks. */
declare module 'fastify' {
  interface FastifyInstance {
    services: {
      catalog: CatalogService
      matrix: MatrixService
      stats: SiteStatsService
      accounts: AccountsService
      reports: ReportsService
      aggregation: AggregationWorker
      writer: ReportWriter
      version: DataVersion
      demo: DemoService
      assets: AssetsService
      efficiency: EfficiencyService
      probeFlush: () => Promise<void>
    }
  }
}
