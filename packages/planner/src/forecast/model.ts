/** The forecast's data indexed once (items, recipes, crafting order, drop pairs) and the test "are the needs met?". */
import { MIN_TIMES } from '../constants'
import type { ForecastInput } from './types'

/** Bisection steps after doubling: the finish point is found to 2⁻¹⁰ of its bracket (0.1 % of the plan or better). */
export const BISECTIONS = 10
/** Doublings before giving up (2⁴⁰ plans); only reachable with rates so low that the answer is "never". */
export const MAX_DOUBLINGS = 40
/**
 * Posterior shape (drops seen + ½) from which a pair's rate is drawn from the normal with the gamma's mean and
 * variance, summed per item in one draw: at 400 the gamma's skewness is 0.1 and its spread 5 % of the rate, far below
 * the farming noise, so the approximation does not show in the figures and saves most of the draws.
 */
export const NORMAL_POSTERIOR = 400
/** Smallest per-run variance over mean: keeps a guaranteed drop's process finite. */
export const MIN_DISPERSION = 0.01
/**
 * Continuity correction, times the item's variance over mean F: the continuous count is credited `0.5·F` once
 * farming starts. A gamma process reaching a level overshoots it by about `0.5·F` on average, where whole drops land
 * exactly on it, so without this a need of d items took (d + 0.5·F)/μ of the plan instead of d/μ. Measured on
 * 20 000 draws: one item at 20 % a run, 4.9 runs on average (exact: 5); three, 15.1 (15) and a 90 % figure of 24.8
 * (25); a near-certain drop (F → 0) gets no credit, as it needs none.
 */
export const CONTINUITY = 0.5

export const nonNegative = (name: string, v: number | undefined, fallback: number): number => {
  const x = v ?? fallback
  if (!(Number.isFinite(x) && x >= 0)) throw new RangeError(`${name} must be a number ≥ 0 (got ${String(v)}).`)
  return x
}

/** The data of one forecast, indexed once. */
export interface Model {
  /** Relevant items: needs and everything their formulas are made of. */
  items: string[]
  needs: Float64Array
  stock: Float64Array
  /** Per item: formula costs as (item index, count) pairs, or undefined. */
  recipes: (readonly (readonly [number, number])[] | undefined)[]
  /** Items in crafting order: each target before its ingredients. */
  order: number[]
  /** Per item: the most it can ever be required (everything crafted from scratch); more of it changes nothing. */
  ceiling: Float64Array
  /** Plan pairs with few drops seen (< {@link NORMAL_POSTERIOR}): item index, runs, posterior shape and rate. */
  pairs: { item: number; runs: number; shape: number; rate: number }[]
  /** Per item: mean and standard deviation of Σ runs·λ over the pairs with many drops seen (normal posterior). */
  muMean: Float64Array
  muSd: Float64Array
  /** Per item: variance over mean of its drops per unit of plan (the pairs' F weighted by their drops). */
  dispersion: Float64Array
}

export const buildModel = (input: ForecastInput): { model: Model; uncovered: string[] } => {
  const formulas = new Map((input.formulas ?? []).map((f) => [f.id, f]))
  const index = new Map<string, number>()
  const items: string[] = []
  const visit = (id: string): void => {
    if (index.has(id)) return
    index.set(id, items.length)
    items.push(id)
    for (const c of formulas.get(id)?.costs ?? []) visit(c.id)
  }
  for (const [id, count] of Object.entries(input.needs)) nonNegative(`needs[${id}]`, count, 0)
  const needIds = Object.keys(input.needs).filter((id) => (input.needs[id] ?? 0) > 0)
  needIds.forEach(visit)
  const n = items.length
  const needs = new Float64Array(n)
  const stock = new Float64Array(n)
  items.forEach((id, i) => {
    needs[i] = nonNegative(`needs[${id}]`, input.needs[id], 0)
    stock[i] = nonNegative(`stock[${id}]`, input.stock?.[id], 0)
  })
  const recipes = items.map((id) =>
    formulas
      .get(id)
      ?.costs.filter((c) => c.count > 0)
      .map((c) => [index.get(c.id) ?? 0, c.count] as const),
  )

  // Crafting order: depth-first post-order from each item over its ingredients, reversed (targets first). The
  // formulas form a tree of tiers; a cycle, which the game does not have, is cut where it closes.
  const order: number[] = []
  const state = new Uint8Array(n)
  const place = (i: number): void => {
    if (state[i] !== 0) return
    state[i] = 1
    for (const [j] of recipes[i] ?? []) place(j)
    state[i] = 2
    order.push(i)
  }
  for (let i = 0; i < n; i++) place(i)
  order.reverse()

  const runsByStage = new Map<string, number>()
  for (const s of input.plan) {
    nonNegative(`runs of ${s.stageId}`, s.runs, 0)
    nonNegative(`sanity of ${s.stageId}`, s.apCost, 0)
    if (s.runs > 0) runsByStage.set(s.stageId, (runsByStage.get(s.stageId) ?? 0) + s.runs)
  }
  const pairs: Model['pairs'] = []
  const muMean = new Float64Array(n)
  const muVar = new Float64Array(n)
  const dropsAt = new Float64Array(n)
  const weightedF = new Float64Array(n)
  const seen = new Set<string>()
  for (const e of input.rates) {
    const runs = runsByStage.get(e.stageId)
    const item = index.get(e.itemId)
    if (runs === undefined || item === undefined) continue
    // A pair never seen to drop is 0 to the planner, and so here (its posterior mean would be under 1/400 a run).
    if (!(e.times >= MIN_TIMES) || !(e.quantity > 0)) continue
    if (e.end !== undefined && e.end !== null && (input.now === undefined || e.end <= input.now)) continue
    const key = `${e.stageId}\u0000${e.itemId}`
    if (seen.has(key)) continue
    seen.add(key)
    const mean = e.quantity / e.times
    let dispersion = e.quantity <= e.times ? 1 - mean : 1
    if (e.stdDev !== undefined && Number.isFinite(e.stdDev) && e.stdDev >= 0 && mean > 0) dispersion = (e.stdDev * e.stdDev) / mean
    const shape = e.quantity + 0.5
    const expected = (runs * shape) / e.times
    dropsAt[item] = (dropsAt[item] ?? 0) + expected
    weightedF[item] = (weightedF[item] ?? 0) + expected * dispersion
    if (shape < NORMAL_POSTERIOR) {
      pairs.push({ item, runs, shape, rate: e.times })
    } else {
      muMean[item] = (muMean[item] ?? 0) + expected
      muVar[item] = (muVar[item] ?? 0) + (runs * runs * shape) / (e.times * e.times)
    }
  }
  const dispersionOf = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const drops = dropsAt[i] ?? 0
    dispersionOf[i] = drops > 0 ? Math.max(MIN_DISPERSION, (weightedF[i] ?? 0) / drops) : 1
  }

  const model: Model = {
    items,
    needs,
    stock,
    recipes,
    order,
    pairs,
    muMean,
    muSd: muVar.map(Math.sqrt),
    dispersion: dispersionOf,
    ceiling: new Float64Array(n),
  }
  // A need is uncovered when even unlimited drops of everything the plan drops cannot meet it.
  const dropped = dropsAt.map((d) => (d > 0 ? Number.POSITIVE_INFINITY : 0))
  const uncovered: string[] = []
  for (const id of needIds) {
    const i = index.get(id) ?? 0
    const alone = new Float64Array(n)
    alone[i] = needs[i] ?? 0
    const have = stock.map((s, j) => s + (dropped[j] ?? 0))
    if (!feasible({ ...model, needs: alone }, have)) {
      uncovered.push(id)
      needs[i] = 0
    }
  }
  // With nothing in hand, every need is crafted down to its last ingredient: no item is ever required more.
  const ceiling = new Float64Array(needs)
  for (const i of order) for (const [j, count] of recipes[i] ?? []) ceiling[j] = (ceiling[j] ?? 0) + (ceiling[i] ?? 0) * count
  model.ceiling = ceiling
  return { model, uncovered }
}

/** Whether `have` meets the needs, crafting each shortfall from its formula (targets before ingredients). */
export const feasible = (
  model: Pick<Model, 'needs' | 'recipes' | 'order'>,
  have: Float64Array,
  required: Float64Array = new Float64Array(model.needs.length),
): boolean => {
  required.set(model.needs)
  for (const i of model.order) {
    const short = (required[i] ?? 0) - (have[i] ?? 0)
    if (!(short > 1e-9 * Math.max(1, required[i] ?? 0))) continue
    const recipe = model.recipes[i]
    if (!recipe) return false
    for (const [j, count] of recipe) required[j] = (required[j] ?? 0) + short * count
  }
  return true
}
