import { defineModule, underV2 } from '../module'
import { defectsRoutes } from './defects.routes'
import { wireDefects } from './defects.wire'

/** Recognition defect reports and their screenshots (docs/api-extensions.md §3); defects.wire.ts builds the service and its purge. */
export const defectsModule = defineModule(
  'defects',
  async (app, { db, clock, redis, options, background, databaseReady, budgets }) => {
    const defects = wireDefects(app, { db, clock, redis, limits: options.defectLimits, background, databaseReady })
    await underV2(app, (v2) => v2.register(defectsRoutes, { ...defects, writes: budgets.writes }), app.catalog.servedDataVersion)
  },
  ['catalog'],
)
