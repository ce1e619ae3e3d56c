import { defineModule, underV2 } from '../module'
import { createMyReportsRepository } from './my-reports.repository'
import { myReportsRoutes } from './my-reports.routes'
import { createMyReportsService } from './my-reports.service'

/** The caller's own reports and their batch recall (docs/api-extensions.md §3k). */
export const myReportsModule = defineModule(
  'my-reports',
  async (app, { db, clock, budgets }) => {
    const myReports = createMyReportsService({ repository: createMyReportsRepository(db), accounts: app.accounts, reports: app.reports, clock })
    await underV2(app, (v2) => v2.register(myReportsRoutes, { myReports, identityGuard: app.identity.guard, writes: budgets.writes }), app.catalog.servedDataVersion)
  },
  ['catalog', 'accounts', 'reports'],
)
