import { defineModule, underV2 } from '../module'
import { createCatalogRepository } from './catalog.repository'
import { catalogRoutes } from './catalog.routes'
import { createCatalogService, type CatalogService } from './catalog.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The reference data (items, stages, zones, …) every other module reads. */
    catalog: CatalogService
  }
}

/** The reference data and its routes (api-v2 §6). `/config` follows the assets' state (pack URL, icon sheet) as it changes. */
export const catalogModule = defineModule(
  'catalog',
  async (app, { db, clock }) => {
    const { assets } = app
    const catalog = createCatalogService({ repository: createCatalogRepository(db), clock, configExtras: () => assets.configExtras() })
    app.decorate('catalog', catalog)
    await underV2(app, (v2) => v2.register(catalogRoutes, { catalog }), catalog.servedDataVersion)
  },
  ['assets'],
)
