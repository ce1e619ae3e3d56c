import { SERVERS } from '@dropwise/schemas'
import { loadHighs } from '../../lib/highs'
import { defineModule, underV2 } from '../module'
import { efficiencyRoutes } from './efficiency.routes'
import { createEfficiencyRepository } from './efficiency.repository'
import { createEfficiencyService, type EfficiencyService } from './efficiency.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Item values and stage efficiency (the farming guide's numbers; the bench drives it). */
    efficiency: EfficiencyService
  }
}

/** The farming guide's numbers; in a background process every server is warmed at start from the stored answers. */
export const efficiencyModule = defineModule(
  'efficiency',
  async (app, { db, clock, answers, onBackgroundStart }) => {
    const { catalog, matrix } = app
    // Its last answers are kept in the database across restarts.
    const efficiency = createEfficiencyService({
      catalog,
      matrix,
      version: answers,
      clock,
      loadHighs,
      timer: () => performance.now(),
      store: createEfficiencyRepository(db),
      onStoreError: (err) => app.log.warn({ err }, 'efficiency: a stored answer was not read or written'),
    })
    app.decorate('efficiency', efficiency)
    await underV2(app, (v2) => v2.register(efficiencyRoutes, { efficiency, catalog }), catalog.servedDataVersion)
    // Registered before the aggregation module: its stored answers are read before the other workers' queries.
    onBackgroundStart(() => void efficiency.warm(SERVERS))
    app.addHook('onClose', async () => efficiency.stop())
  },
  ['catalog', 'matrix'],
)
