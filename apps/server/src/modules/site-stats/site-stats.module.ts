import { defineModule, underV2 } from '../module'
import { createSiteStatsRepository } from './site-stats.repository'
import { siteStatsRoutes } from './site-stats.routes'
import { createSiteStatsService, type SiteStatsService } from './site-stats.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Site statistics (`/stats`; read by the exports). */
    siteStats: SiteStatsService
  }
}

export const siteStatsModule = defineModule(
  'site-stats',
  async (app, { db, clock, answers }) => {
    const { catalog } = app
    const stats = createSiteStatsService({ repository: createSiteStatsRepository(db), catalog, version: answers, clock })
    app.decorate('siteStats', stats)
    await underV2(app, (v2) => v2.register(siteStatsRoutes, { stats }), catalog.servedDataVersion)
  },
  ['catalog'],
)
