import type { Highs, Model } from 'highs'
import type { BuiltLp } from './lp-model'
import type { LpStatus } from './types'

/** The HiGHS runtime as `await loadHighs()` returns it (npm package `highs`). */
export type HighsRuntime = Highs

/** Primal and dual solution of one LP solve. */
export interface LpSolution {
  status: LpStatus
  /** Column values (runs or crafts); empty unless optimal. */
  x: Float64Array
  /** Row duals: sanity value of one unit of each item; empty unless optimal. */
  y: Float64Array
  /** c·x. */
  primalObjective: number
  /**
   * Row duals near the centre of the optimal dual face (interior point, no crossover), when
   * asked for: like ArkPlanner's, they give items without demand a value instead of a vertex 0.
   */
  centralY?: Float64Array
}

/** HiGHS options of the optional second, interior-point solve for central item values. */
export const CENTRAL_DUAL_OPTIONS = {
  output_flag: false,
  presolve: 'off',
  solver: 'ipm',
  run_crossover: 'off',
  // Tight enough that the values are dual feasible and complementary to the optimum to ~1e-9, so the
  // farming guide's efficiency (computed from these values) is ≤ 1 and exactly 1 on the planner's stages.
  ipm_optimality_tolerance: 1e-10,
  dual_feasibility_tolerance: 1e-10,
  primal_feasibility_tolerance: 1e-10,
} as const

/** HiGHS options used for every solve: quiet, dual simplex without presolve (a vertex optimum; presolve costs more than it saves on an LP this small). */
export const SOLVER_OPTIONS = {
  output_flag: false,
  presolve: 'off',
  solver: 'simplex',
} as const

/**
 * A HiGHS model holding one LP shape. Only the row bounds (the demand) change between solves,
 * so a model is built once per shape and solved again after `setDemand`.
 */
export interface LpSession {
  readonly lp: BuiltLp
  /** Solves for demand `d` (A·x ≥ d). */
  solve(demand: Float64Array): LpSolution
  /** Frees the native model. */
  dispose(): void
}

const mapStatus = (highs: Highs, code: number): LpStatus => {
  const s = highs.constants.modelStatus
  if (code === s.optimal) return 'optimal'
  // Costs are ≥ 0 and x ≥ 0, so the LP is never unbounded: "infeasible or unbounded" is infeasible.
  if (code === s.infeasible || code === s.unboundedOrInfeasible) return 'infeasible'
  if (code === s.unbounded) return 'unbounded'
  return 'error'
}

/**
 * Opens a HiGHS model for one built LP. With `warmStart` the previous basis is kept between
 * solves (faster; ties among equal-cost stages may then be split differently depending on the
 * previous request); without it every solve starts from scratch and is reproducible.
 */
export const openSession = (highs: Highs, lp: BuiltLp, warmStart = false, centralDuals = false): LpSession => {
  const numCols = lp.columns.length
  const rowUpper = new Float64Array(lp.numRows).fill(highs.infinity)
  const createModel = (): Model =>
    highs.createModel({
      numCols,
      numRows: lp.numRows,
      colCost: lp.colCost,
      colLower: new Float64Array(numCols),
      colUpper: new Float64Array(numCols).fill(highs.infinity),
      rowLower: new Float64Array(lp.numRows),
      rowUpper,
      matrix: { format: 'csc', numRows: lp.numRows, numCols, starts: lp.starts, indices: lp.indices, values: lp.values },
    })
  let model: Model | undefined = createModel()
  model.options.set(SOLVER_OPTIONS)
  let central: Model | undefined
  if (centralDuals) {
    central = createModel()
    central.options.set(CENTRAL_DUAL_OPTIONS)
  }
  const all = { kind: 'range', from: 0, to: lp.numRows - 1 } as const
  return {
    lp,
    solve(demand) {
      if (!model) throw new Error('LP session already disposed')
      if (!warmStart) model.clearSolver()
      model.changeRowsBounds(all, demand, rowUpper)
      const { modelStatus } = model.run()
      const status = mapStatus(highs, modelStatus)
      if (status !== 'optimal') return { status, x: new Float64Array(), y: new Float64Array(), primalObjective: Number.NaN }
      const sol = model.getSolution()
      const solution: LpSolution = { status, x: sol.colValue, y: sol.rowDual, primalObjective: model.getObjectiveValue() }
      if (central) {
        central.clearSolver()
        central.changeRowsBounds(all, demand, rowUpper)
        if (mapStatus(highs, central.run().modelStatus) === 'optimal') solution.centralY = central.getSolution().rowDual
      }
      return solution
    },
    dispose() {
      model?.dispose()
      central?.dispose()
      model = undefined
      central = undefined
    },
  }
}
