import { dropStats, valuate, type DropStats, type Valuation } from './efficiency'
import { explainInfeasible, obtainableRows } from './explain'
import { formatPlan } from './format'
import { prepareGoalModel } from './goal-plan'
import { buildLp, prepareModel, shapeKey } from './lp-model'
import type { PreparedModel } from './lp-model'
import { normalizeRequest, requestServer } from './request'
import { openSession } from './solve'
import type { HighsRuntime, LpSession } from './solve'
import type { LpSummary, PlanFailure, PlannerData, PlanRequest, PlanResponse, Server } from './types'

/** Data per server; a request for a server without data fails with `bad-request`. */
export type PlannerSources = Partial<Record<Server, PlannerData>>

/** Options of {@link createPlanner}. */
export interface PlannerOptions {
  /**
   * Monotonic clock in ms (e.g. `() => performance.now()`), used only to fill `lp.solveMs`.
   * Without it `solveMs` is `null`: the package reads no clock of its own.
   */
  clock?: () => number
  /** How many built LP shapes (server × exclusions × options) to keep loaded. Default 8. */
  cacheSize?: number
  /**
   * Keep the previous basis between solves of the same shape. Faster, but ties among equal-cost
   * stages may then be split differently depending on earlier requests. Default false.
   */
  warmStart?: boolean
  /**
   * Which item values to list. `central` (default): a second, interior-point solve (≈10 ms)
   * whose duals lie near the centre of the optimal face, as ArkPlanner's do, so items without
   * demand get a value too. `vertex`: the duals of the simplex optimum only (≈1–3 ms); items
   * without demand then often get 0. Values of demanded items, `lp.objective` and the plan are
   * the same either way. If the interior-point solve fails the vertex duals are used.
   */
  values?: 'vertex' | 'central'
}

/** A planner bound to one HiGHS runtime and one data snapshot. */
export interface Planner {
  /** Plans one ArkPlanner request; never throws for bad input or an infeasible LP. */
  plan(request: PlanRequest): PlanResponse
  /**
   * Item values and stage efficiency (farming guide): the LP with every item it can produce wanted
   * (1 of each, besides the LMD/exp demand of `request`), values as {@link plan} lists them for that same
   * request ({@link valuationRequest}), efficiency of every stage column from those values.
   */
  valuate(request?: ValuationRequest): (Valuation & { solveMs: number | null }) | PlanFailure
  /** Frees every HiGHS model the planner holds. The planner must not be used afterwards. */
  dispose(): void
}

/** The options of a valuation: those of a plan request that shape the LP. */
export type ValuationRequest = Pick<PlanRequest, 'server' | 'exp_demand' | 'gold_demand' | 'extra_outc' | 'convertion_dr' | 'exclude'>

/**
 * Creates a planner. `highs` is the loaded HiGHS runtime (`await loadHighs()` from the npm
 * package `highs`), so this package loads nothing itself and runs in Node and in Web Workers.
 * Per server the rows and candidate columns are prepared once; per LP shape (exclusions,
 * by-products, 3003 column) the HiGHS model is built once and cached, and a request only
 * changes its demand.
 */
export const createPlanner = (highs: HighsRuntime, sources: PlannerSources, options: PlannerOptions = {}): Planner => {
  const sessions = new Map<string, LpSession>()
  const cacheSize = Math.max(1, options.cacheSize ?? 8)
  const clock = options.clock
  const statsCache = new Map<Server, DropStats>()

  const prepared = new Map<string, PreparedModel>()
  const modelFor = (server: Server, goals = false): PreparedModel | undefined => {
    const key = goals ? `${server}|goals` : server
    let model = prepared.get(key)
    const data = sources[server]
    if (!model && data) prepared.set(key, (model = goals ? prepareGoalModel(data, server) : prepareModel(data, server)))
    return model
  }

  const sessionFor = (model: PreparedModel, key: string, build: () => LpSession): LpSession => {
    const fullKey = `${model.server}${model.goals ? '|goals' : ''}|${key}`
    let session = sessions.get(fullKey)
    if (session) {
      sessions.delete(fullKey)
    } else {
      session = build()
      while (sessions.size >= cacheSize) {
        const [oldest] = sessions
        if (!oldest) break
        oldest[1].dispose()
        sessions.delete(oldest[0])
      }
    }
    sessions.set(fullKey, session)
    return session
  }

  return {
    plan(request) {
      const started = clock?.()
      const elapsed = (): number | null => (started === undefined || !clock ? null : clock() - started)
      if (typeof request !== 'object' || request === null || Array.isArray(request)) {
        return { error: true, code: 'bad-request', reason: 'The plan request must be a JSON object.' }
      }
      const server = requestServer(request)
      if (typeof server !== 'string') return server
      if (request.goals !== undefined && typeof request.goals !== 'boolean') return { error: true, code: 'bad-request', reason: 'goals must be true or false.' }
      const model = modelFor(server, request.goals === true)
      if (!model) return { error: true, code: 'bad-request', reason: `No drop data is loaded for server ${server}.` }
      const normalized = normalizeRequest(model, request)
      if ('error' in normalized) return normalized

      const session = sessionFor(model, shapeKey(normalized.shape), () =>
        openSession(highs, buildLp(model, normalized.shape), options.warmStart ?? false, options.values !== 'vertex'),
      )
      const { lp } = session
      let solution
      try {
        solution = session.solve(normalized.demand)
      } catch (err) {
        return { error: true, code: 'solver-error', reason: `The solver failed: ${err instanceof Error ? err.message : String(err)}` }
      }
      const { x, y, status } = solution
      if (status !== 'optimal') {
        const summary: LpSummary = { status, objective: null, solveMs: elapsed(), valueLmd: null, valueExp: null }
        if (status === 'infeasible') return { ...explainInfeasible(model, lp, normalized.demand, normalized.outputLang), lp: summary }
        return { error: true, code: 'solver-error', reason: `The solver stopped without an optimum (${status}).`, lp: summary }
      }

      // Net objective from the dual side (= c·x at the optimum): Σ d·y without the pseudo-demands.
      // Taking 1e9·y off c·x instead would lose the digits of a ~100-sanity answer in 1e7.
      let objective = 0
      normalized.demand.forEach((d, row) => {
        let demand = d
        if (row === model.lmdRow) demand -= normalized.pseudoLmd
        if (row === model.expRow) demand -= normalized.pseudoExp
        objective += demand * (y[row] ?? 0)
      })
      const formatted = formatPlan(model, lp, x, solution.centralY ?? y, normalized.outputLang)
      return {
        ...formatted,
        lp: {
          status,
          objective,
          solveMs: elapsed(),
          valueLmd: y[model.lmdRow] ?? null,
          valueExp: y[model.expRow] ?? null,
        },
      }
    },
    valuate(request = {}) {
      const started = clock?.()
      const server = requestServer(request)
      if (typeof server !== 'string') return server
      const model = modelFor(server)
      if (!model) return { error: true, code: 'bad-request', reason: `No drop data is loaded for server ${server}.` }
      const full = valuationRequest(model, request)
      const normalized = normalizeRequest(model, full)
      if ('error' in normalized) return normalized
      const session = sessionFor(model, shapeKey(normalized.shape), () =>
        openSession(highs, buildLp(model, normalized.shape), options.warmStart ?? false, options.values !== 'vertex'),
      )
      const solution = session.solve(normalized.demand)
      if (solution.status !== 'optimal') return { error: true, code: 'solver-error', reason: `The solver stopped without an optimum (${solution.status}).` }
      let stats = statsCache.get(server)
      if (!stats) statsCache.set(server, (stats = dropStats(sources[server]?.matrix ?? [], sources[server]?.now)))
      // The values the planner lists (the interior-point duals near the centre of the optimal face, so
      // items whose value is not unique, such as chips, get the centre's value rather than a vertex 0);
      // solved to 1e-10, duality holds for them to ~1e-9.
      const valuation = valuate(model, session.lp, solution, solution.centralY ?? solution.y, stats)
      return { ...valuation, solveMs: started === undefined || !clock ? null : clock() - started }
    },
    dispose() {
      for (const session of sessions.values()) session.dispose()
      sessions.clear()
      prepared.clear()
    },
  }
}

/**
 * The plan request behind a valuation: 1 of every item the LP can produce (LMD and exp excepted: their
 * demand is the request's `gold_demand`/`exp_demand`, 1e9 by default as in the planner), ids as keys.
 * `plan(valuationRequest(…))` lists the same values as `valuate(…)`.
 */
export const valuationRequest = (model: PreparedModel, request: ValuationRequest): PlanRequest => {
  const shapeOnly = normalizeRequest(model, { ...request, required: {} })
  if ('error' in shapeOnly) return request
  const obtainable = obtainableRows(buildLp(model, shapeOnly.shape))
  const required: Record<string, number> = {}
  model.rows.forEach((row, i) => {
    if (obtainable[i] && i !== model.lmdRow && i !== model.expRow) required[row.itemId] = 1
  })
  return { ...request, required, input_lang: 'id', output_lang: 'id' }
}

/**
 * One-shot planning: builds a planner for `data` (the server's API answers), plans `request`
 * and frees the HiGHS model. For repeated requests keep a {@link createPlanner} instead.
 */
export const plan = (request: PlanRequest, data: PlannerData, options: PlannerOptions & { solver: HighsRuntime }): PlanResponse => {
  const server = request.server ?? 'CN'
  const planner = createPlanner(options.solver, { [server]: data } as PlannerSources, options)
  try {
    return planner.plan(request)
  } finally {
    planner.dispose()
  }
}
