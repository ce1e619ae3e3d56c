import { createPlanner, type HighsRuntime, type PlanRequest, type PlanResponse, type Planner } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import type { CatalogService } from '../catalog/catalog.service'
import type { MatrixService } from '../matrix/matrix.service'

export interface PlannerServiceDeps {
  catalog: CatalogService
  matrix: MatrixService
  loadHighs: () => Promise<HighsRuntime>
  clock: () => number
  /** Monotonic clock for solve timings. */
  timer: () => number
}

// The matrix changes slowly; a planner's prepared model is rebuilt at most this often.
const REBUILD_AFTER_MS = 10 * 60 * 1000

/**
 * ArkPlanner-compatible planning (`POST /planner/plan`) over this server's own data: the same items,
 * stages, global matrix (open stages) and formulas the API serves, solved with HiGHS in process.
 */
export const createPlannerService = ({ catalog, matrix, loadHighs, clock, timer }: PlannerServiceDeps) => {
  let highs: Promise<HighsRuntime> | null = null
  const planners = new Map<Server, { planner: Promise<Planner>; builtAt: number }>()

  const build = async (server: Server): Promise<Planner> => {
    const runtime = await (highs ??= loadHighs())
    const [items, stages, elements, formulas] = await Promise.all([
      catalog.itemList(),
      catalog.stageList(server),
      matrix.globalElements(server, 'all', false),
      catalog.formulaList(),
    ])
    return createPlanner(runtime, { [server]: { items, stages, matrix: elements, formulas, now: clock() } }, { clock: timer })
  }

  const plannerFor = (server: Server) => {
    const now = clock()
    const hit = planners.get(server)
    if (hit && now - hit.builtAt < REBUILD_AFTER_MS) return hit.planner
    const planner = build(server)
    planners.set(server, { planner, builtAt: now })
    planner.then((fresh) => hit?.planner.then((old) => old !== fresh && old.dispose()).catch(() => {})).catch(() => planners.delete(server))
    return planner
  }

  return {
    async plan(request: PlanRequest): Promise<PlanResponse> {
      const server = (request.server ?? 'CN') as Server
      return (await plannerFor(server)).plan(request)
    },
  }
}
export type PlannerService = ReturnType<typeof createPlannerService>
