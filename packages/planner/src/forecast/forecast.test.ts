import { readFileSync } from 'node:fs'
import loadHighs from 'highs'
import { beforeAll, describe, expect, it } from 'vitest'
import { forecastFinish, forecastPlanFromResult, type ForecastInput, type ForecastRate } from './index'
import { createRandom } from './random'
import { createPlanner } from '../planner'
import { seedData as seedDataFrom } from '../testing/seed-data'
import type { PlannerData, PlanSuccess } from '../types'

const seed = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../../../data/seed/${file}`, import.meta.url), 'utf8')) as T
const seedData = () => seedDataFrom(seed)

// ---------------------------------------------------------------------------------------------
// Real data: the committed seed's CN items, open stages, matrix and formulas.
// ---------------------------------------------------------------------------------------------

/** An Elite 2 and two Mastery 3 worth of tier-3 to tier-5 materials, with a little stock. */
const NEEDS: Record<string, number> = { '30135': 4, '30125': 4, '31094': 6, '30084': 8, '30044': 10, '31064': 6, '30073': 12, '30014': 8 }
const STOCK: Record<string, number> = { '30012': 40, '30043': 3, '30073': 2 }

let data: PlannerData
let realCase: ForecastInput
let planned: PlanSuccess
beforeAll(async () => {
  data = seedData()
  const planner = createPlanner(await loadHighs(), { CN: data }, { values: 'vertex' })
  const answer = planner.plan({ required: NEEDS, owned: STOCK, server: 'CN', input_lang: 'id', output_lang: 'id' })
  planner.dispose()
  if (answer.error) throw new Error(answer.reason)
  planned = answer
  realCase = {
    plan: forecastPlanFromResult(answer, data.stages),
    rates: data.matrix as ForecastRate[],
    needs: NEEDS,
    stock: STOCK,
    formulas: data.formulas,
  }
})

describe('finish forecast on a real plan', () => {
  it('reads the plan from the planner answer, at the planner’s sanity', () => {
    expect(realCase.plan.length).toBeGreaterThan(2)
    const f = forecastFinish({ ...realCase, samples: 200 })
    // The answer's runs are rounded to whole runs, so the sanity is within a run or two of the planner's cost.
    expect(Math.abs(f.planSanity - planned.cost) / planned.cost).toBeLessThan(0.03)
    expect(f.uncovered).toEqual([])
  })

  it('the 90 % figure moves by less than 2 % between two seeds', () => {
    const a = forecastFinish({ ...realCase, seed: 1 })
    const b = forecastFinish({ ...realCase, seed: 20261206 })
    expect(Math.abs(a.p90Sanity - b.p90Sanity) / a.p90Sanity).toBeLessThan(0.02)
    expect(Math.abs(a.expectedSanity - b.expectedSanity) / a.expectedSanity).toBeLessThan(0.02)
    // Finishing every item takes a little more than the plan's average and rarely twice it.
    expect(a.expectedSanity).toBeGreaterThan(a.planSanity * 0.95)
    expect(a.p90Sanity).toBeLessThan(a.planSanity * 2)
  })

  it('is reproducible: the same seed gives the same figures', () => {
    expect(forecastFinish({ ...realCase, samples: 500, seed: 7 })).toEqual(forecastFinish({ ...realCase, samples: 500, seed: 7 }))
  })

  it('days and dates at 240 a day plus potions and prime', () => {
    const start = Date.UTC(2026, 11, 6)
    const plain = forecastFinish({ ...realCase, samples: 500, start })
    expect(plain.sanityPerDay).toBe(240)
    expect(plain.p90Days).toBeCloseTo(plain.p90Sanity / 240, 9)
    expect(plain.p90Date).toBeCloseTo(start + plain.p90Days * 86_400_000, 0)
    expect(plain.expectedDate).toBeLessThanOrEqual(plain.p90Date ?? 0)
    const boosted = forecastFinish({ ...realCase, samples: 500, start, potionsPerDay: 1, primePerDay: 2 })
    expect(boosted.sanityPerDay).toBe(240 + 120 + 2 * 135)
    expect(boosted.p90Sanity).toBe(plain.p90Sanity)
    expect(boosted.p90Days).toBeLessThan(plain.p90Days)
  })
})

// ---------------------------------------------------------------------------------------------
// Small hand-made cases.
// ---------------------------------------------------------------------------------------------
const rate = (stageId: string, itemId: string, times: number, quantity: number, stdDev?: number): ForecastRate => ({
  stageId,
  itemId,
  times,
  quantity,
  ...(stdDev !== undefined ? { stdDev } : {}),
  end: null,
})

const cases: [string, ForecastInput][] = [
  // One item at 20 % a run: 5 runs on average, a geometric-like spread.
  ['a tiny need', { plan: [{ stageId: 's1', runs: 5, apCost: 18 }], rates: [rate('s1', 'a', 10_000, 2_000)], needs: { a: 1 } }],
  // A drop of 1 every run with no spread: the forecast is the plan.
  ['a near-certain drop', { plan: [{ stageId: 's1', runs: 30, apCost: 9 }], rates: [rate('s1', 'a', 50_000, 49_990, 0.01)], needs: { a: 30 } }],
  [
    'two stages, two items',
    {
      plan: [
        { stageId: 's1', runs: 100, apCost: 21 },
        { stageId: 's2', runs: 60, apCost: 18 },
      ],
      rates: [rate('s1', 'a', 4_000, 2_000), rate('s1', 'b', 4_000, 400), rate('s2', 'b', 3_000, 1_500)],
      needs: { a: 50, b: 40 },
    },
  ],
  [
    'crafting what does not drop',
    {
      plan: [{ stageId: 's1', runs: 60, apCost: 12 }],
      rates: [rate('s1', 'low', 5_000, 5_000, 0.5)],
      needs: { high: 20 },
      formulas: [{ id: 'high', costs: [{ id: 'low', count: 3 }] }],
    },
  ],
]

describe('plan from a planner answer', () => {
  it('matches stages by id or code, takes their sanity, leaves out zero runs and unknown stages', () => {
    const stages = [
      { stageId: 'main_01-07', code: '1-7', apCost: 6 },
      { stageId: 'main_04-06', code: '4-6', apCost: 18 },
    ]
    const answer = {
      stages: [
        { stage: 'main_01-07', count: '12', items: {} },
        { stage: '4-6', count: '0.4', items: {} },
        { stage: 'nowhere', count: '3', items: {} },
        { stage: 'main_04-06', count: '0', items: {} },
      ],
    }
    expect(forecastPlanFromResult(answer, stages)).toEqual([
      { stageId: 'main_01-07', runs: 12, apCost: 6 },
      { stageId: 'main_04-06', runs: 0.4, apCost: 18 },
    ])
  })
})

describe('finish forecast invariants', () => {
  it.each(cases)('%s: p90 is never below the expected value', (_, input) => {
    for (const seedValue of [1, 2, 3]) {
      const f = forecastFinish({ ...input, seed: seedValue })
      expect(f.p90Sanity).toBeGreaterThanOrEqual(f.expectedSanity)
      expect(f.p90Days).toBeGreaterThanOrEqual(f.expectedDays)
      expect(f.quantiles.p95).toBeGreaterThanOrEqual(f.p90Sanity)
      expect(f.quantiles.p50).toBeLessThanOrEqual(f.p90Sanity)
      expect(f.uncovered).toEqual([])
    }
  })

  it('the real plan: p90 is never below the expected value', () => {
    for (const seedValue of [11, 12]) {
      const f = forecastFinish({ ...realCase, samples: 1500, seed: seedValue })
      expect(f.p90Sanity).toBeGreaterThanOrEqual(f.expectedSanity)
    }
  })

  it('a tiny need: 5 runs on average, the 90 % figure near ln 0.1 / ln 0.8 ≈ 10.3 runs', () => {
    const f = forecastFinish({ ...(cases[0]?.[1] as ForecastInput), samples: 20_000 })
    expect(f.planSanity).toBe(90)
    expect(f.expectedSanity / 18).toBeGreaterThan(4.6)
    expect(f.expectedSanity / 18).toBeLessThan(5.4)
    // A single item of a rare drop: the continuous process's tail is a little shorter (forecast.ts, step 2).
    expect(f.p90Sanity / 18).toBeGreaterThan(9)
    expect(f.p90Sanity / 18).toBeLessThan(11.5)
  })

  it('a few items of one drop: mean and 90 % figure of whole drops (negative binomial: 15 and 25 runs)', () => {
    const f = forecastFinish({ ...(cases[0]?.[1] as ForecastInput), needs: { a: 3 }, samples: 20_000 })
    expect(f.expectedSanity / 18).toBeGreaterThan(14.4)
    expect(f.expectedSanity / 18).toBeLessThan(15.6)
    expect(f.p90Sanity / 18).toBeGreaterThan(24)
    expect(f.p90Sanity / 18).toBeLessThan(26)
  })

  it('a near-certain drop finishes within a run of the plan', () => {
    const f = forecastFinish(cases[1]?.[1] as ForecastInput)
    expect(f.expectedSanity).toBeCloseTo(270, -1)
    expect(f.p90Sanity - f.expectedSanity).toBeLessThan(9)
  })

  it('crafting: the need is met from the crafted material, 60 drops for 20 crafts', () => {
    const f = forecastFinish(cases[3]?.[1] as ForecastInput)
    expect(f.expectedSanity / 12).toBeGreaterThan(55)
    expect(f.expectedSanity / 12).toBeLessThan(66)
  })

  it('stock that covers the needs: nothing to farm', () => {
    const f = forecastFinish({ ...(cases[2]?.[1] as ForecastInput), stock: { a: 50, b: 45 }, start: 0 })
    expect(f).toMatchObject({ expectedSanity: 0, p90Sanity: 0, expectedDays: 0, p90Days: 0, p90Date: 0 })
  })

  it('needs the plan cannot produce are listed as uncovered and left out', () => {
    const input = cases[2]?.[1] as ForecastInput
    const f = forecastFinish({ ...input, needs: { ...input.needs, '4001': 100_000, c: 3 } })
    expect(f.uncovered).toEqual(['4001', 'c'])
    const without = forecastFinish(input)
    expect(f.p90Sanity).toBe(without.p90Sanity)
  })

  it('ignores what the planner ignores: rows under 200 runs, closed rows, other stages', () => {
    const input = cases[2]?.[1] as ForecastInput
    const noisy = [...input.rates, rate('s1', 'a', 150, 150), { ...rate('s2', 'a', 5_000, 5_000), end: 1 }, rate('s9', 'a', 9_000, 9_000)]
    expect(forecastFinish({ ...input, rates: noisy })).toEqual(forecastFinish(input))
  })

  it('rejects negative or non-finite options with a readable message', () => {
    const input = cases[0]?.[1] as ForecastInput
    expect(() => forecastFinish({ ...input, dailySanity: -1 })).toThrow(/dailySanity must be a number ≥ 0/)
    expect(() => forecastFinish({ ...input, needs: { a: Number.NaN } })).toThrow(RangeError)
    expect(() => forecastFinish({ ...input, samples: 0 })).toThrow(/samples/)
    expect(forecastFinish({ ...input, dailySanity: 0, samples: 50 }).p90Days).toBe(Number.POSITIVE_INFINITY)
  })
})

describe('seeded random draws', () => {
  it('gamma and beta draws have their means and variances', () => {
    const rng = createRandom(42)
    const moments = (draw: () => number, n = 40_000) => {
      let s = 0
      let s2 = 0
      for (let i = 0; i < n; i++) {
        const x = draw()
        s += x
        s2 += x * x
      }
      const mean = s / n
      return { mean, variance: s2 / n - mean * mean }
    }
    for (const shape of [0.3, 1, 4.5, 200]) {
      const m = moments(() => rng.gamma(shape))
      expect(Math.abs(m.mean - shape) / shape).toBeLessThan(0.03)
      expect(Math.abs(m.variance - shape) / shape).toBeLessThan(0.08)
    }
    for (const alpha of [0.2, 3, 800]) {
      const m = moments(() => rng.symmetricBeta(alpha))
      expect(m.mean).toBeCloseTo(0.5, 2)
      expect(Math.abs(m.variance - 1 / (4 * (2 * alpha + 1))) / (1 / (4 * (2 * alpha + 1)))).toBeLessThan(0.08)
    }
    expect(rng.gamma(0)).toBe(0)
  })

  it('the same seed gives the same stream, another seed another', () => {
    const a = createRandom(5)
    const b = createRandom(5)
    const c = createRandom(6)
    const xs = Array.from({ length: 5 }, () => a.uniform())
    expect(Array.from({ length: 5 }, () => b.uniform())).toEqual(xs)
    expect(Array.from({ length: 5 }, () => c.uniform())).not.toEqual(xs)
  })
})
