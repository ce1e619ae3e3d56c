import { loadHighs } from '../../lib/highs'
import { defineModule, underV2 } from '../module'
import { plannerRoutes } from './planner.routes'
import { createPlannerService } from './planner.service'

/**
 * ArkPlanner-compatible plans: `POST /planner/plan`, and the same under both v2 bases for clients that know only
 * a v2 base URL (docs/api-extensions.md §2), documented once, as /planner/plan.
 */
export const plannerModule = defineModule(
  'planner',
  async (app, { clock }) => {
    const { catalog, matrix } = app
    const planner = createPlannerService({ catalog, matrix, clock, timer: () => performance.now(), loadHighs })
    await underV2(app, (v2) => v2.register(plannerRoutes, { planner, documented: false }), catalog.servedDataVersion)
    await app.register(plannerRoutes, { planner })
  },
  ['catalog', 'matrix'],
)
