import { defineModule, underV2 } from '../module'
import { exportsRoutes } from './exports.routes'
import { wireExports } from './exports.wire'

/** Open-data snapshots and the changes feed (docs/api-extensions.md §3n; exports.wire.ts builds them and their schedule). */
export const exportsModule = defineModule(
  'exports',
  async (app, { db, clock, background, databaseReady }) => {
    const { catalog, matrix, patterns, siteStats: stats, gameData } = app
    const { exports, changes } = await wireExports(app, { db, catalog, matrix, patterns, stats, gameData, clock, background, databaseReady })
    // No data-version hook: the routes set the header themselves.
    await underV2(app, (v2) => v2.register(exportsRoutes, { exports, changes, servedDataVersion: () => catalog.servedDataVersion() }))
  },
  ['catalog', 'matrix', 'results', 'site-stats', 'game-data'],
)
