import { readFileSync } from 'node:fs'
import loadHighs from 'highs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forecastFinish, forecastPlanFromResult } from './forecast/index'
import { GOAL_FORECAST_CRAFTS } from './goal-plan'
import { createPlanner, type Planner } from './planner'
import { seedData as seedDataFrom } from './testing/seed-data'
import type { PlannerData, PlanSuccess } from './types'

const seed = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../../data/seed/${file}`, import.meta.url), 'utf8')) as T
const seedData = () => seedDataFrom(seed)

let planner: Planner
let data: PlannerData
beforeAll(async () => {
  data = seedData()
  planner = createPlanner(await loadHighs(), { CN: data }, { values: 'vertex' })
})
afterAll(() => planner.dispose())

const ok = (answer: ReturnType<Planner['plan']>): PlanSuccess => {
  if (answer.error) throw new Error(answer.reason)
  return answer
}

const stageIds = (p: PlanSuccess) => p.stages.map((s) => s.stage).sort()
const NO_LMD_EXP = { gold_demand: false, exp_demand: false } as const

describe('goals plan on the CN seed', () => {
  // A Mastery's Skill Summaries (10 × SS3, 6 × SS1 in stock) and an Elite 1's Medic chips (4).
  const mastery = { required: { '3303': 10, '3261': 4 }, owned: { '3301': 6 }, ...NO_LMD_EXP }

  it('plans Skill Summaries from CA-5 and the workshop, chips from PR-A-1 and the chip conversion', () => {
    const p = ok(planner.plan({ ...mastery, goals: true }))
    expect(stageIds(p)).toEqual(['pro_a_1', 'wk_fly_5'])
    expect(p.stages.find((s) => s.stage === 'wk_fly_5')).toEqual({ stage: 'wk_fly_5', count: '3', items: { '3301': '5', '3302': '5', '3303': '7' } })
    expect(p.stages.find((s) => s.stage === 'pro_a_1')).toEqual({ stage: 'pro_a_1', count: '5', items: { '3231': '2', '3261': '2' } })
    // SS1 → SS2 → SS3, and Defender chips into Medic chips (3 make 2).
    expect(p.syntheses).toEqual([
      { target: '3302', count: '4', materials: { '3301': '11.3' } },
      { target: '3303', count: '3', materials: { '3302': '9.0' } },
      { target: '3261', count: '1', materials: { '3231': '2.4' } },
    ])
    expect(p.lp.objective).toBeCloseTo(191.40313715675546, 6)
    expect(p.cost).toBe(191)
    expect(p.purchases).toEqual([])
  })

  it('leaves the ArkPlanner answer as it was: no workshop Skill Summaries, PR stages hidden, no purchases', () => {
    const p = ok(planner.plan(mastery))
    // Without the workshop the 10 SS3 come from CA-5 alone (5 runs × 30), which costs more.
    expect(p.stages).toEqual([{ stage: 'wk_fly_5', count: '5', items: {} }])
    expect(p.syntheses).toEqual([])
    expect(p.lp.objective).toBeGreaterThan(290)
    expect(p).not.toHaveProperty('purchases')
    // Dual chips and the catalyst are not ArkPlanner items.
    expect(planner.plan({ required: { '3213': 1 } })).toMatchObject({ error: true, code: 'unknown-item', items: ['3213'] })
  })

  it('crafts dual chips from packs and says how many Chip Catalysts the stock lacks', () => {
    const p = ok(planner.plan({ required: { '3213': 3 }, owned: { '32001': 1, '3212': 2 }, goals: true, ...NO_LMD_EXP }))
    expect(p.purchases).toEqual([{ item: '32001', count: 2 }])
    expect(stageIds(p)).toEqual(['pro_c_2'])
    expect(p.syntheses.find((s) => s.target === '3213')).toEqual({ target: '3213', count: '3', materials: { '3212': '6.0', '32001': '3.0' } })
    // Enough catalysts in stock: nothing to buy.
    expect(ok(planner.plan({ required: { '3213': 3 }, owned: { '32001': 5 }, goals: true, ...NO_LMD_EXP })).purchases).toEqual([])
  })

  it('plans LMD and EXP as numbers with the supply stages listed, records in stock counted at their EXP', () => {
    const p = ok(planner.plan({ required: {}, goals: true, gold_demand: 50_000, exp_demand: 30_000, output_lang: 'id' }))
    expect(stageIds(p)).toEqual(['wk_kc_6', 'wk_melee_6'])
    expect(p.stages.find((s) => s.stage === 'wk_kc_6')?.count).toBe('3')
    // 10 Strategic Battle Records (20 000 EXP) in stock leave 10 000 EXP: one LS-6 run fewer.
    const less = ok(planner.plan({ required: {}, owned: { '2004': 10 }, goals: true, gold_demand: 50_000, exp_demand: 30_000 }))
    expect(Number(less.stages.find((s) => s.stage === 'wk_kc_6')?.count)).toBeLessThan(3)
    expect(p.cost).toBeGreaterThan(less.cost)
  })

  it('refuses a goals flag that is not a boolean', () => {
    expect(planner.plan({ goals: 'yes' as unknown as boolean })).toMatchObject({ error: true, code: 'bad-request' })
  })

  it('forecasts the finish from every run of the plan: the CA and PR runs count, the workshop crafts cover the Skill Summaries', () => {
    const needs = { '3303': 10, '3261': 4 }
    const stock = { '3301': 6 }
    const p = ok(planner.plan({ required: needs, owned: stock, goals: true, ...NO_LMD_EXP }))
    const plan = forecastPlanFromResult(p, data.stages)
    expect(plan.map((s) => s.stageId).sort()).toEqual(['pro_a_1', 'wk_fly_5'])
    const f = forecastFinish({ plan, rates: data.matrix, needs, stock, formulas: [...data.formulas, ...GOAL_FORECAST_CRAFTS], samples: 300 })
    expect(f.uncovered).toEqual([])
    // 5 PR-A-1 runs (18 sanity) and 3 CA-5 runs (30): the sanity the planner promises, and more on average.
    expect(f.planSanity).toBe(5 * 18 + 3 * 30)
    expect(f.expectedSanity).toBeGreaterThan(f.planSanity)
    // ArkPlanner's answer of the same needs hides PR-A-1: its forecast could not cover the chips.
    const hidden = forecastPlanFromResult(ok(planner.plan({ required: needs, owned: stock, ...NO_LMD_EXP })), data.stages)
    expect(forecastFinish({ plan: hidden, rates: data.matrix, needs, stock, formulas: data.formulas, samples: 50 }).uncovered).toEqual(['3261'])
  })
})
