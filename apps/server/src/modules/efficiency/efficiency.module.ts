import { loadHighs } from '../../lib/highs'
import { defineModule, underV2 } from '../module'
import { efficiencyRoutes } from './efficiency.routes'
import { createEfficiencyService, type EfficiencyService } from './efficiency.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Item values and stage efficiency (the farming guide's numbers; the bench drives it). */
    efficiency: EfficiencyService
  }
}

export const efficiencyModule = defineModule(
  'efficiency',
  async (app, { clock, answers }) => {
    const { catalog, matrix } = app
    const efficiency = createEfficiencyService({ catalog, matrix, version: answers, clock, timer: () => performance.now(), loadHighs })
    app.decorate('efficiency', efficiency)
    await underV2(app, (v2) => v2.register(efficiencyRoutes, { efficiency, catalog }), catalog.servedDataVersion)
    app.addHook('onClose', async () => efficiency.stop())
  },
  ['catalog', 'matrix'],
)
