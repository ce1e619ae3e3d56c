import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import loadHighs from 'highs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Valuation } from './efficiency'
import { formatValue } from './format'
import { prepareModel } from './lp-model'
import { createPlanner, valuationRequest, type Planner } from './planner'
import type { HighsRuntime } from './solve'
import type { PlannerData, PlannerStage } from './types'

let highs: HighsRuntime
beforeAll(async () => {
  highs = await loadHighs()
})

const valuation = (planner: Planner, request = {}): Valuation => {
  const v = planner.valuate(request)
  if ('error' in v && v.error) throw new Error(v.reason)
  return v as Valuation
}

// S1 (10 sanity): 0.5 × 30011; S2 (12 sanity): 0.25 × 30011 + 0.5 × 30012. Without LMD/exp demand
// the values are 30011 = 20, 30012 = 14 (see planner.test.ts); S1 = 0.5·20/10 = 1, S2 = (5 + 7)/12 = 1.
const stage = (stageId: string, code: string, apCost: number): PlannerStage => ({
  stageId,
  code,
  apCost,
  existence: { CN: { exist: true } },
  dropInfos: [],
})
const tiny: PlannerData = {
  items: [
    { itemId: '30011', name: '源岩' },
    { itemId: '30012', name: '固源岩' },
  ],
  stages: [stage('s1', 'T-1', 10), stage('s2', 'T-2', 12), stage('s3', 'T-3', 15), stage('s4', 'T-4', 20)],
  matrix: [
    { stageId: 's1', itemId: '30011', quantity: 500, times: 1000, end: null, stdDev: 0.5 },
    { stageId: 's2', itemId: '30011', quantity: 250, times: 1000, end: null, stdDev: 0.433 },
    { stageId: 's2', itemId: '30012', quantity: 500, times: 1000, end: null, stdDev: 0.5 },
    { stageId: 's3', itemId: '30012', quantity: 300, times: 400, end: null, stdDev: 0.433 },
    // A rare drop seen 10 times in 200 runs: too uncertain to rank on.
    { stageId: 's4', itemId: '30011', quantity: 10, times: 200, end: null, stdDev: 0.218 },
  ],
  formulas: [],
}

describe('item values and stage efficiency', () => {
  let planner: Planner
  beforeAll(() => {
    planner = createPlanner(highs, { CN: tiny }, { values: 'vertex' })
  })
  afterAll(() => planner?.dispose())

  it('values are the LP duals; efficiency is value returned per sanity, 1 on the stages the LP uses', () => {
    const v = valuation(planner, { gold_demand: false, exp_demand: false })
    expect(Object.fromEntries(v.values.filter((x) => x.itemId.startsWith('3001')).map((x) => [x.itemId, x.value]))).toEqual({ '30011': 20, '30012': 14 })
    const byId = new Map(v.stages.map((s) => [s.stageId, s]))
    expect(byId.get('s1')?.efficiency).toBeCloseTo(1, 12)
    expect(byId.get('s2')?.efficiency).toBeCloseTo(1, 12)
    // S3: 0.75 × 14 = 10.5 of 15 sanity.
    expect(byId.get('s3')?.efficiency).toBeCloseTo(0.7, 12)
    expect(byId.get('s3')?.used).toBe(false)
    expect(byId.get('s1')?.parts).toEqual({ material: expect.closeTo(1, 12), lmd: 0, exp: 0 })
  })

  it('intervals come from the sample sizes: fewer runs, wider; sanity per item is apCost / rate', () => {
    const v = valuation(planner, { gold_demand: false, exp_demand: false })
    const s1 = v.stages.find((s) => s.stageId === 's1')
    const s3 = v.stages.find((s) => s.stageId === 's3')
    if (!s1 || !s3) throw new Error('missing stages')
    // s1: se = 0.5/√1000; efficiency half-width = 1.96 · 20 · se / 10.
    expect(s1.interval[1] - s1.efficiency).toBeCloseTo((1.959963984540054 * 20 * (0.5 / Math.sqrt(1000))) / 10, 9)
    expect(s1.interval[0]).toBeLessThan(s1.efficiency)
    const orirock = s1.drops.find((d) => d.itemId === '30011')
    expect(orirock?.sanityPerItem).toBeCloseTo(20, 12)
    expect(orirock?.interval[0]).toBeLessThan(20)
    expect(orirock?.interval[1]).toBeGreaterThan(20)
    // s3: 0.75 × 30012 over 400 runs; half-width 1.96 · 14 · (0.433/√400) / 15.
    expect(s3.interval[1] - s3.efficiency).toBeCloseTo((1.959963984540054 * 14 * (0.433 / Math.sqrt(400))) / 15, 9)
    // The rate's interval p ± 1.96·se, turned into sanity per unit: asymmetric, apCost / (p ± 1.96·se).
    const se3 = 0.433 / Math.sqrt(400)
    const cube = s3.drops.find((d) => d.itemId === '30012')
    expect(cube?.interval[0]).toBeCloseTo(15 / (0.75 + 1.959963984540054 * se3), 9)
    expect(cube?.interval[1]).toBeCloseTo(15 / (0.75 - 1.959963984540054 * se3), 9)
    expect(cube?.times).toBe(400)
    expect([s1.wide, s3.wide, cube?.wide]).toEqual([false, false, false])
    const s4 = v.stages.find((s) => s.stageId === 's4')
    expect(s4?.efficiency).toBeCloseTo(0.05, 12)
    expect(s4?.wide).toBe(true)
    expect(s4?.drops[0]?.wide).toBe(true)
  })
})

const fixtureDir = fileURLToPath(new URL('../../../../shared/data/planner-fixtures/', import.meta.url))
const haveFixtures = existsSync(`${fixtureDir}matrix.json`)
const readJson = <T>(file: string): T => JSON.parse(readFileSync(`${fixtureDir}${file}`, 'utf8')) as T

describe('crafts at the values', () => {
  // 30012 can also be crafted from 5 × 30011 (far dearer than farming it);
  // 30013 only from 2 × 30012 + 100 LMD: the LP crafts it, so it costs exactly its value.
  const data: PlannerData = {
    ...tiny,
    items: [...tiny.items, { itemId: '30013', name: '研磨石' }],
    formulas: [
      { id: '30012', goldCost: 0, costs: [{ id: '30011', count: 5 }], extraOutcome: [] },
      { id: '30013', goldCost: 100, costs: [{ id: '30012', count: 2 }], extraOutcome: [] },
    ],
  }
  let planner: Planner
  beforeAll(() => {
    planner = createPlanner(highs, { CN: data }, { values: 'vertex' })
  })
  afterAll(() => planner?.dispose())

  it('price every formula at its materials’ and LMD’s values: never below the product’s value, at it when the LP crafts', () => {
    const v = valuation(planner, { gold_demand: false, exp_demand: false })
    const value = (id: string) => v.values.find((x) => x.itemId === id)?.value ?? Number.NaN
    const crafts = new Map(v.crafts.map((c) => [c.itemId, c]))
    expect(crafts.get('30012')).toMatchObject({ used: false, goldCost: 0, materials: [{ itemId: '30011', count: 5 }] })
    expect(crafts.get('30012')?.sanityPerItem).toBeCloseTo(5 * value('30011'), 9)
    expect(crafts.get('30012')!.sanityPerItem).toBeGreaterThan(value('30012') + 1)
    expect(crafts.get('30013')).toMatchObject({ used: true, goldCost: 100, materials: [{ itemId: '30012', count: 2 }] })
    // LMD has no value here (no LMD demand): only the LP's 1e-8 sanity per LMD is added.
    expect(crafts.get('30013')?.sanityPerItem).toBeCloseTo(2 * value('30012') + 100e-8, 9)
    expect(crafts.get('30013')?.sanityPerItem).toBeCloseTo(value('30013'), 6)
  })
})

describe.skipIf(!haveFixtures)('duality on the public planner fixtures', () => {
  let data: PlannerData
  let planner: Planner
  beforeAll(() => {
    data = {
      items: readJson('items.json'),
      stages: readJson('stages.json'),
      matrix: readJson<{ matrix: PlannerData['matrix'] }>('matrix.json').matrix,
      formulas: readJson('formula.json'),
    }
    planner = createPlanner(highs, { CN: data })
  })
  afterAll(() => planner?.dispose())

  it('no stage exceeds 1 (1e-6), every stage the LP runs reaches 1 (1e-6), and the values are the planner’s', () => {
    const v = valuation(planner)
    expect(v.stages.length).toBeGreaterThan(50)
    for (const s of v.stages) expect(s.efficiency, s.stageId).toBeLessThanOrEqual(1 + 1e-6)
    const used = v.stages.filter((s) => s.used)
    expect(used.length).toBeGreaterThan(3)
    for (const s of used) expect(Math.abs(s.efficiency - 1), s.stageId).toBeLessThanOrEqual(1e-6)
    // The planner lists the same values for the same request (as it prints them).
    const plan = planner.plan(valuationRequest(prepareModel(data, 'CN'), {}))
    if (plan.error) throw new Error(plan.reason)
    const listed = plan.values.flatMap((level) => level.items)
    expect(listed.length).toBeGreaterThan(30)
    const byId = new Map(v.values.map((x) => [x.itemId, x.value]))
    for (const { name, value } of listed) expect(formatValue(byId.get(name) ?? Number.NaN), name).toBe(value)
  })
})

describe.skipIf(!haveFixtures)('the valuation and the planner’s listed values, unrounded', () => {
  it('are the same duals (1e-6 relative): the planner lists the interior-point values of the same LP', async () => {
    const { buildLp, prepareModel: prepare } = await import('./lp-model')
    const { normalizeRequest } = await import('./request')
    const { openSession } = await import('./solve')
    const data: PlannerData = {
      items: readJson('items.json'),
      stages: readJson('stages.json'),
      matrix: readJson<{ matrix: PlannerData['matrix'] }>('matrix.json').matrix,
      formulas: readJson('formula.json'),
    }
    const model = prepare(data, 'CN')
    const normalized = normalizeRequest(model, valuationRequest(model, {}))
    if ('error' in normalized) throw new Error(normalized.reason)
    // What plan() formats for this request: the central duals of a fresh session of the same LP.
    const session = openSession(highs, buildLp(model, normalized.shape), false, true)
    const planner = createPlanner(highs, { CN: data })
    try {
      const central = session.solve(normalized.demand).centralY
      if (!central) throw new Error('no interior-point duals')
      const v = valuation(planner)
      expect(v.values.length).toBeGreaterThan(50)
      for (const { itemId, value } of v.values) {
        const planned = central[model.rowIndex.get(itemId) ?? -1] ?? Number.NaN
        expect(Math.abs(value - planned) / Math.max(Math.abs(planned), 1e-9), itemId).toBeLessThanOrEqual(1e-6)
      }
    } finally {
      session.dispose()
      planner.dispose()
    }
  })
})
