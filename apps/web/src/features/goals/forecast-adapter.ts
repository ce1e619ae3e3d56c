/**
 * Stand-in for @dropwise/planner's finish forecast until it lands (issue 39 §5): the same names and shapes. Its
 * `forecastFinish` only adds up the plan and gives no spread; replaced by a re-export.
 */
export interface ForecastStageRun {
  stageId: string
  runs: number
  apCost: number
}
export interface ForecastRate {
  stageId: string
  itemId: string
  times: number
  quantity: number
  stdDev?: number
  end?: number | null
}
export interface ForecastFormula {
  id: string
  costs: readonly { id: string; count: number }[]
}
export interface ForecastInput {
  plan: readonly ForecastStageRun[]
  rates: readonly ForecastRate[]
  needs: Readonly<Record<string, number>>
  stock?: Readonly<Record<string, number>>
  formulas?: readonly ForecastFormula[]
  dailySanity?: number
  potionsPerDay?: number
  potionSanity?: number
  primePerDay?: number
  primeSanity?: number
  seed?: number
  samples?: number
  start?: number
  now?: number
}
export interface FinishForecast {
  planSanity: number
  expectedSanity: number
  p90Sanity: number
  quantiles: { p50: number; p75: number; p90: number; p95: number }
  sanityPerDay: number
  expectedDays: number
  p90Days: number
  expectedDate?: number
  p90Date?: number
  samples: number
  uncovered: string[]
}
export const FORECAST_SAMPLES = 4000

export const forecastPlanFromResult = (
  result: { stages: readonly { stage: string; count: string | number }[] },
  stages: readonly { stageId: string; code: string; apCost: number }[],
): ForecastStageRun[] => {
  const byId = new Map(stages.map((s) => [s.stageId, s]))
  return result.stages.flatMap((s) => {
    const stage = byId.get(s.stage)
    const runs = Number(s.count)
    return stage && runs > 0 ? [{ stageId: stage.stageId, runs, apCost: stage.apCost }] : []
  })
}

export const forecastFinish = (input: ForecastInput): FinishForecast => {
  const planSanity = input.plan.reduce((sum, s) => sum + s.runs * s.apCost, 0)
  const sanityPerDay = (input.dailySanity ?? 240) + (input.potionsPerDay ?? 0) * (input.potionSanity ?? 120) + (input.primePerDay ?? 0) * (input.primeSanity ?? 135)
  const days = sanityPerDay > 0 ? planSanity / sanityPerDay : Number.POSITIVE_INFINITY
  const DAY_MS = 86_400_000
  return {
    planSanity,
    expectedSanity: planSanity,
    p90Sanity: planSanity,
    quantiles: { p50: planSanity, p75: planSanity, p90: planSanity, p95: planSanity },
    sanityPerDay,
    expectedDays: days,
    p90Days: days,
    ...(input.start !== undefined ? { expectedDate: input.start + days * DAY_MS, p90Date: input.start + days * DAY_MS } : {}),
    samples: 0,
    uncovered: [],
  }
}
