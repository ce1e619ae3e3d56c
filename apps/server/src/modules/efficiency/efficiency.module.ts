import { SERVERS } from '@dropwise/schemas'
import { loadHighs } from '../../lib/highs'
import { defineModule, underV2 } from '../module'
import { efficiencyRoutes } from './efficiency.routes'
import type { EfficiencyService } from './efficiency.service'
import { wireEfficiency } from './efficiency.wire'

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
    const efficiency = wireEfficiency({ db, catalog, matrix, version: answers, clock, loadHighs, log: app.log })
    app.decorate('efficiency', efficiency)
    await underV2(app, (v2) => v2.register(efficiencyRoutes, { efficiency, catalog }), catalog.servedDataVersion)
    // Registered before the aggregation module: its stored answers are read before the other workers' queries.
    onBackgroundStart(() => void efficiency.warm(SERVERS))
    app.addHook('onClose', async () => efficiency.stop())
  },
  ['catalog', 'matrix'],
)
