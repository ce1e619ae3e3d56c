/**
 * Finish forecast: how much sanity, and how many days, a plan takes until every need is met, given that drops are
 * random and the drop rates themselves are only estimated.
 *
 * How to explain the figures (the page does the words):
 * - `planSanity` is what the planner promises: the plan's runs at today's average drop rates.
 * - `expectedSanity` is the average, over many simulated players farming this plan, of the sanity spent until the
 *   last needed item is in hand. It is above `planSanity`: the plan is done only when *every* item is complete, so
 *   the unlucky items set the pace, and the more so the smaller the needs (the test's plan for an Elite 2 and two
 *   masteries: 6 400 planned, 9 000 expected; ten times those needs: +16 %). The simulated players keep to the plan's
 *   mix to the end; a player who re-plans as items complete does better, so the figures err on the late side.
 * - `p90Sanity` is the sanity by which 9 of 10 simulated players are done; `p90Days`/`p90Date` turn it into days at
 *   `sanityPerDay` (natural recovery plus the potions and Originite Prime the player says they use each day).
 * - `uncovered` lists needs the plan cannot produce at all (LMD, EXP, items no plan stage drops): they are left out of
 *   the forecast rather than making it infinite.
 *
 * The model, per simulated player:
 * 1. Each stage–item drop rate is drawn from its posterior given the matrix counts. A run's count of an item is
 *    treated as Poisson with mean λ; with Jeffreys' prior Gamma(½, 0) the posterior after `quantity` items in `times`
 *    runs is Gamma(quantity + ½, rate = times). Gamma rather than Beta because a run can drop several of an item
 *    (rates above 1 exist), and for items that drop at most once a run the two posteriors agree to well under 1 % at
 *    the planner's minimum of 200 runs; pairs never seen to drop are left out, as the planner leaves them out.
 * 2. The player farms the plan's mix in proportion: after a fraction `k` of the plan (k may pass 1), item i's drops
 *    are a gamma process with mean `k·μᵢ` and variance `k·vᵢ`, where μᵢ = Σ runs·λ and vᵢ = Σ runs·λ·Fᵢ, F being the
 *    per-run variance over the mean (from the matrix's `stdDev` when given, else 1 − rate for single drops, 1 for
 *    multiple). It has the per-run mean and variance of the real drops, so over many runs it is their distribution
 *    (central limit), it grows monotonically, and it splits exactly (a gamma bridge is a beta draw), which lets the
 *    finish point be found by doubling and bisection to 1/1024 of its bracket instead of run by run. A near-certain
 *    drop has F near 0 and is almost deterministic. With the continuity correction (model.ts, `CONTINUITY`), the mean is right for any
 *    need; the 90 % figure matches whole drops from a need of about three items of one kind up, and for a single
 *    item of a rare drop it comes out about 8 % early (9.5 runs instead of 10.3 at 20 % a run), the exponential tail
 *    being longer than the continuous one. Real plans need dozens to hundreds of base items, where it does not show.
 * 3. The plan is done at the first `k` where stock plus drops meet the needs, crafting what is short from its
 *    formula (workshop crafts, as the planner's `syntheses` do; by-products are not counted, which again errs late).
 * Sanity is `k · planSanity`; the 90th percentile over the samples gives `p90Sanity`.
 */
import type { PlannerStage, PlanSuccess } from '../types'
import { buildModel, nonNegative } from './model'
import { createRandom } from './random'
import { quantile, simulateOnce } from './simulate'
import type { FinishForecast, ForecastInput, ForecastStageRun } from './types'

/**
 * Default number of simulated players: enough that the 90 % figure of a typical plan moves well under 2 % between
 * seeds (the standard error of a 90th percentile falls as 1/√n; for a plan of a few hundred items it is about 0.4 %).
 */
export const FORECAST_SAMPLES = 3000

/**
 * The plan's stages from a plan answer (`output_lang: 'id'`, so `stage` is a stage id; a code is matched too) and the
 * server's stages for their sanity. ArkPlanner's answer hides the supply stages (PR, CE, LS, …), so they are not here
 * either; a goals plan's answer (`goals: true`) lists every run, so its CA, PR, CE and LS runs count too.
 * Runs are the answer's rounded counts.
 */
export const forecastPlanFromResult = (result: Pick<PlanSuccess, 'stages'>, stages: readonly Pick<PlannerStage, 'stageId' | 'code' | 'apCost'>[]): ForecastStageRun[] => {
  const byId = new Map(stages.map((s) => [s.stageId, s]))
  const byCode = new Map(stages.map((s) => [s.code, s]))
  const plan: ForecastStageRun[] = []
  for (const s of result.stages) {
    const stage = byId.get(s.stage) ?? byCode.get(s.stage)
    const runs = Number(s.count)
    if (stage && runs > 0) plan.push({ stageId: stage.stageId, runs, apCost: stage.apCost })
  }
  return plan
}

/**
 * Simulates the plan (see the module comment) and returns the expected and 90 % sanity and days.
 *
 * @throws {RangeError} for a negative or non-finite count, run, sanity or option, or fewer than 1 sample.
 */
export const forecastFinish = (input: ForecastInput): FinishForecast => {
  const dailySanity = nonNegative('dailySanity', input.dailySanity, 240)
  const potions = nonNegative('potionsPerDay', input.potionsPerDay, 0)
  const potionSanity = nonNegative('potionSanity', input.potionSanity, 120)
  const prime = nonNegative('primePerDay', input.primePerDay, 0)
  const primeSanity = nonNegative('primeSanity', input.primeSanity, 135)
  const samples = Math.trunc(input.samples ?? FORECAST_SAMPLES)
  if (!(samples >= 1)) throw new RangeError(`samples must be at least 1 (got ${String(input.samples)}).`)
  const sanityPerDay = dailySanity + potions * potionSanity + prime * primeSanity

  const { model, uncovered } = buildModel(input)
  const planSanity = input.plan.reduce((sum, s) => sum + s.runs * s.apCost, 0)
  const rng = createRandom(input.seed ?? 1)
  const n = model.items.length
  const scratch = {
    mu: new Float64Array(n),
    offset: new Float64Array(n),
    shapeRate: new Float64Array(n),
    scale: new Float64Array(n),
    lo: new Float64Array(n),
    hi: new Float64Array(n),
    mid: new Float64Array(n),
    required: new Float64Array(n),
  }
  const sanity = new Float64Array(samples)
  let total = 0
  for (let s = 0; s < samples; s++) {
    const value = simulateOnce(model, rng, scratch) * planSanity
    sanity[s] = value
    total += value
  }
  sanity.sort()
  const expectedSanity = total / samples
  const quantiles = { p50: quantile(sanity, 0.5), p75: quantile(sanity, 0.75), p90: quantile(sanity, 0.9), p95: quantile(sanity, 0.95) }
  const days = (x: number): number => (x === 0 ? 0 : sanityPerDay > 0 ? x / sanityPerDay : Number.POSITIVE_INFINITY)
  const expectedDays = days(expectedSanity)
  const p90Days = days(quantiles.p90)
  const DAY_MS = 86_400_000
  return {
    planSanity,
    expectedSanity,
    p90Sanity: quantiles.p90,
    quantiles,
    sanityPerDay,
    planDays: days(planSanity),
    expectedDays,
    p90Days,
    ...(input.start !== undefined ? { expectedDate: input.start + expectedDays * DAY_MS, p90Date: input.start + p90Days * DAY_MS } : {}),
    samples,
    uncovered,
  }
}
