/** Input and output of the finish forecast (see forecast.ts for the model and how to explain the figures). */

/** One stage of the plan: its runs and the sanity of one run. */
export interface ForecastStageRun {
  stageId: string
  runs: number
  apCost: number
}

/** A drop-matrix element: `quantity` items in `times` runs (api-v2 §5.5). */
export interface ForecastRate {
  stageId: string
  itemId: string
  times: number
  quantity: number
  /** Standard deviation of the per-run count; sets how spread the drops are (Bernoulli or Poisson without it). */
  stdDev?: number
  /** Rows with an `end` at or before `now` are closed periods and skipped, as the planner skips them. */
  end?: number | null
}

/** A crafting formula: one `id` from `costs` (the planner's formulas fit). */
export interface ForecastFormula {
  id: string
  costs: readonly { id: string; count: number }[]
}

export interface ForecastInput {
  /** The plan's stages (e.g. {@link forecastPlanFromResult}). */
  plan: readonly ForecastStageRun[]
  /** The drop matrix the plan was made from. Only rows of plan stages are read, with the planner's filters. */
  rates: readonly ForecastRate[]
  /** Item id → count needed. */
  needs: Readonly<Record<string, number>>
  /** Item id → count owned. */
  stock?: Readonly<Record<string, number>>
  /** Crafting formulas (Penguin `/formula`); without them only drops count. */
  formulas?: readonly ForecastFormula[]
  /** Natural sanity recovery per day. Default 240 (one point every 6 minutes). */
  dailySanity?: number
  /** Sanity potions used per day. Default 0. */
  potionsPerDay?: number
  /** Sanity per potion. Default 120 (Emergency Sanity Booster); smaller potions give less. */
  potionSanity?: number
  /** Originite Prime used for sanity per day. Default 0. */
  primePerDay?: number
  /** Sanity per Originite Prime: the player's sanity cap. Default 135 (the cap at Doctor level 120). */
  primeSanity?: number
  /** PRNG seed: the same seed and data give the same forecast. Default 1. */
  seed?: number
  /** Simulated players. Default {@link FORECAST_SAMPLES}. */
  samples?: number
  /** Epoch ms to count the days from; the dates are left out without it. */
  start?: number
  /** "Now" in epoch ms for the matrix's `end` filter (see {@link ForecastRate.end}). */
  now?: number
}

export interface FinishForecast {
  /** Sanity of the plan at the average rates (Σ runs · sanity per run): what the planner promises. */
  planSanity: number
  /** Mean sanity until every covered need is met. */
  expectedSanity: number
  /** Sanity by which 90 % of the simulated players are done. */
  p90Sanity: number
  /** Median, 75th and 95th percentiles too, for a range or a chart. */
  quantiles: { p50: number; p75: number; p90: number; p95: number }
  /** Sanity spent per day (natural recovery + potions + prime). */
  sanityPerDay: number
  /** `planSanity` in days. */
  planDays: number
  expectedDays: number
  p90Days: number
  /** Epoch ms: `start` + the days (present when `start` is given). */
  expectedDate?: number
  p90Date?: number
  /** Simulated players behind the figures. */
  samples: number
  /** Needed items the plan cannot produce (no plan stage drops them or what crafts them); not forecast. */
  uncovered: string[]
}
