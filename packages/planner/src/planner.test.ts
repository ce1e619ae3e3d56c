import loadHighs from 'highs'
import { beforeAll, describe, expect, it } from 'vitest'
import { createPlanner } from './planner'
import type { HighsRuntime } from './solve'
import type { PlannerData, PlannerStage, PlanRequest, PlanResponse, PlanSuccess } from './types'

let highs: HighsRuntime
beforeAll(async () => {
  highs = await loadHighs()
})

const ok = (r: PlanResponse): PlanSuccess => {
  if (r.error) throw new Error(`plan failed: ${r.reason}`)
  return r
}

// ---------------------------------------------------------------------------------------------
// A tiny model solved by hand.
//   S1 "T-1" (10 sanity): 0.5 × 30011 per run.
//   S2 "T-2" (12 sanity): 0.25 × 30011 and 0.5 × 30012 per run.
//   Formula: 30012 ← 3 × 30011 + 100 LMD (never worth it: 3 × 20 > 14).
// Need 10 × 30011 and 5 × 30012, no LMD/exp demand: S2 must run 10 times (only source of
// 30012), giving 2.5 × 30011; S1 runs 15 times for the other 7.5. Cost 15·10 + 10·12 = 270.
// Values: 30011 = 10 / 0.5 = 20; 30012 = (12 − 0.25·20) / 0.5 = 14; 10·20 + 5·14 = 270.
// ---------------------------------------------------------------------------------------------
const stage = (stageId: string, code: string, apCost: number, extra: Partial<PlannerStage> = {}): PlannerStage => ({
  stageId,
  code,
  code_i18n: { zh: code, en: `${code}en`, ja: code, ko: code },
  apCost,
  existence: { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } },
  dropInfos: [],
  ...extra,
})
const drop = (stageId: string, itemId: string, quantity: number, times = 1000, end: number | null = null) => ({
  stageId,
  itemId,
  quantity,
  times,
  end,
})
const item = (itemId: string, zh: string, en: string) => ({ itemId, name: zh, name_i18n: { zh, en, ja: zh, ko: zh } })

const tinyData = (): PlannerData => ({
  items: [item('30011', '源岩', 'Orirock'), item('30012', '固源岩', 'Orirock Cube'), item('30013', '固源岩组', 'Orirock Cluster'), item('3003', '赤金', 'Pure Gold')],
  stages: [stage('s1', 'T-1', 10), stage('s2', 'T-2', 12)],
  matrix: [drop('s1', '30011', 500), drop('s2', '30011', 250), drop('s2', '30012', 500)],
  formulas: [
    {
      id: '30012',
      name: '固源岩',
      goldCost: 100,
      costs: [{ id: '30011', count: 3 }],
      extraOutcome: [{ id: '30011', count: 1, weight: 1 }],
      totalWeight: 1,
    },
  ],
})

const baseRequest: PlanRequest = {
  required: { '30011': 10, '30012': 5 },
  owned: {},
  extra_outc: false,
  exp_demand: false,
  gold_demand: false,
  input_lang: 'id',
  output_lang: 'id',
  server: 'CN',
}

const planTiny = (request: Partial<PlanRequest>, data: PlannerData = tinyData()): PlanResponse => {
  const planner = createPlanner(highs, { CN: data })
  try {
    return planner.plan({ ...baseRequest, ...request })
  } finally {
    planner.dispose()
  }
}

describe('tiny hand-solved model', () => {
  it('finds the optimum, the values and the ArkPlanner output', () => {
    const r = ok(planTiny({}))
    expect(r.lp.status).toBe('optimal')
    expect(r.lp.objective).toBeCloseTo(270, 9)
    expect(r.cost).toBe(270)
    expect(r.gold).toBe(15 * 120 + 10 * 144) // 12 LMD per sanity per run
    expect(r.exp).toBe(0)
    expect(r.gcost).toBe(0)
    expect(r.stages).toEqual([
      { stage: 's1', count: '15', items: { '30011': '8' } }, // 7.5 → int(7.5 + 0.5)
      { stage: 's2', count: '10', items: { '30011': '3', '30012': '5' } },
    ])
    expect(r.syntheses).toEqual([])
    expect(r.values.map((v) => v.level)).toEqual(['5', '4', '3', '2', '1'])
    expect(r.values[3]?.items).toEqual([{ name: '30012', value: '14.00' }])
    expect(r.values[4]?.items).toEqual([{ name: '30011', value: '20.00' }])
  })

  it('prints names and stage codes in output_lang', () => {
    const r = ok(planTiny({ output_lang: 'en' }))
    expect(r.stages[0]).toEqual({ stage: 'T-1en', count: '15', items: { Orirock: '8' } })
  })

  it('accepts item names in input_lang', () => {
    const r = ok(planTiny({ input_lang: 'en', required: { Orirock: 10, 'Orirock Cube': 5 } }))
    expect(r.lp.objective).toBeCloseTo(270, 9)
  })

  it.each([
    ['stage id', ['s1'], 480],
    ['zh code on CN', ['T-1'], 480],
    ['unknown entry (ignored)', ['nope'], 270],
  ])('excludes by %s', (_, exclude, want) => {
    // Without S1, S2 alone must give 10 × 30011 at 0.25 per run: 40 runs × 12 = 480.
    expect(ok(planTiny({ exclude })).lp.objective).toBeCloseTo(want, 9)
  })

  it('matches codes in the server language: US excludes by the en code only', () => {
    const data = tinyData()
    const planner = createPlanner(highs, { US: data })
    try {
      expect(ok(planner.plan({ ...baseRequest, server: 'US', exclude: ['T-1'] })).lp.objective).toBeCloseTo(270, 9)
      expect(ok(planner.plan({ ...baseRequest, server: 'US', exclude: ['T-1en'] })).lp.objective).toBeCloseTo(480, 9)
    } finally {
      planner.dispose()
    }
  })

  it('crafts when no stage is left for an item, and lists the synthesis', () => {
    // Only S1 remains: 5 × 30012 must be crafted from 15 × 30011 (+ 500 LMD, dropped by S1).
    const r = ok(planTiny({ exclude: ['s2'] }))
    expect(r.lp.objective).toBeCloseTo(25 * 20 + 1e-8 * 500, 9)
    expect(r.stages).toEqual([{ stage: 's1', count: '50', items: { '30011': '25' } }])
    expect(r.syntheses).toEqual([{ target: '30012', count: '5', materials: { '30011': '15.0' } }])
    expect(r.gcost).toBe(500)
  })

  it('counts by-products with extra_outc at the 18 % rate', () => {
    // Each craft also returns 0.18 × 30011, so a craft nets 2.82 × 30011.
    const r = ok(planTiny({ exclude: ['s2'], extra_outc: true }))
    expect(r.lp.objective).toBeCloseTo((10 + 5 * 2.82) * 20 + 1e-8 * 500, 9)
    const scaled = ok(planTiny({ exclude: ['s2'], extra_outc: true, convertion_dr: 0.5 }))
    expect(scaled.lp.objective).toBeCloseTo((10 + 5 * 2.5) * 20 + 1e-8 * 500, 9)
  })

  it('reports an item nothing can produce, naming it', () => {
    const r = planTiny({ required: { '30013': 1 }, output_lang: 'en' })
    expect(r).toMatchObject({ error: true, code: 'unobtainable-item', items: ['30013'] })
    expect(r.error && r.reason).toContain('Orirock Cluster (30013) cannot be obtained')
    expect(r.error && r.lp?.status).toBe('infeasible')
  })

  it('says when exclusions removed every stage that drops an item', () => {
    const r = planTiny({ required: { '30011': 1 }, exclude: ['s1', 's2'] })
    expect(r).toMatchObject({ error: true, code: 'unobtainable-item', items: ['30011'] })
    expect(r.error && r.reason).toContain('every stage that drops it is excluded (T-1en, T-2en)')
  })

  it.each([
    [{ required: { '99999': 1 } }, 'unknown-item'],
    [{ required: { '30011': Number.NaN } }, 'bad-request'],
    [{ server: 'XX' as never }, 'bad-request'],
    [{ server: 'JP' as const }, 'bad-request'], // no data loaded for JP
    [{ gold_demand: 'yes' as never }, 'bad-request'],
    [{ exclude: 's1' as never }, 'bad-request'],
  ])('rejects %j with %s', (request, code) => {
    expect(planTiny(request)).toMatchObject({ error: true, code })
  })

  it('rejects a request that is not an object', () => {
    const planner = createPlanner(highs, { CN: tinyData() })
    try {
      expect(planner.plan(null as never)).toMatchObject({ error: true, code: 'bad-request' })
    } finally {
      planner.dispose()
    }
  })

  it('costs nothing when owned ≥ required', () => {
    const r = ok(planTiny({ owned: { '30011': 12, '30012': 5 } }))
    expect(r.lp.objective).toBe(0)
    expect(r.cost).toBe(0)
    expect(r.stages).toEqual([])
  })

  it('leaves the plan unchanged when an unused stage is removed', () => {
    const withExtra = tinyData()
    withExtra.stages = [...withExtra.stages, stage('s3', 'T-3', 50)]
    withExtra.matrix = [...withExtra.matrix, drop('s3', '30011', 100)]
    const a = ok(planTiny({}, withExtra))
    const b = ok(planTiny({}))
    expect(a.lp.objective).toBeCloseTo(b.lp.objective ?? Number.NaN, 9)
    expect(a.stages).toEqual(b.stages)
    // Values of demanded items are unique; the central values of the others may move.
    const demanded = (r: PlanSuccess) => r.values.flatMap((l) => l.items).filter((i) => ['30011', '30012'].includes(i.name))
    expect(demanded(a)).toEqual(demanded(b))
  })

  it('values LMD by the best stage for it and credits stages for their LMD (gold_demand true)', () => {
    // Every stage gives 12 LMD per sanity, so LMD is worth 1/12 and pays for every run in full.
    const r = ok(planTiny({ gold_demand: true }))
    expect(r.lp.valueLmd).toBeCloseTo(1 / 12, 12)
    expect(r.lp.objective).toBeCloseTo(0, 6)
  })
})

describe('data filtering', () => {
  it.each([
    ['drops sampled fewer than 200 times', [drop('s1', '30011', 500), drop('s2', '30011', 250), drop('s2', '30012', 99, 199)]],
    ['drops whose period has ended', [drop('s1', '30011', 500), drop('s2', '30011', 250), drop('s2', '30012', 500, 1000, 1)]],
  ])('ignores %s', (_, matrix) => {
    // Without S2's 30012 the cubes must be crafted: 10 + 15 × 30011 from 50 S1 runs.
    const r = ok(planTiny({}, { ...tinyData(), matrix }))
    expect(r.lp.objective).toBeCloseTo(500 + 1e-8 * 500, 9)
    expect(r.syntheses).toEqual([{ target: '30012', count: '5', materials: { '30011': '15.0' } }])
  })

  it('keeps a row whose end is after the given now', () => {
    const data = { ...tinyData(), now: 0, matrix: [drop('s1', '30011', 500), drop('s2', '30011', 250), drop('s2', '30012', 500, 1000, 10)] }
    expect(ok(planTiny({}, data)).lp.objective).toBeCloseTo(270, 9)
  })

  it.each([
    ['closed on the server', stage('s2', 'T-2', 12, { existence: { CN: { exist: false } } })],
    [
      'without dropInfos',
      (() => {
        const s = stage('s2', 'T-2', 12)
        delete s.dropInfos
        return s
      })(),
    ],
  ])('skips a stage %s', (_, s2) => {
    const data = { ...tinyData(), stages: [stage('s1', 'T-1', 10), s2] }
    expect(ok(planTiny({}, data)).lp.objective).toBeCloseTo(500 + 1e-8 * 500, 9)
  })

  it('uses the fixed LMD per run of CE-6 (10000) instead of 12 × apCost', () => {
    const data = tinyData()
    data.stages = [...data.stages, stage('wk_melee_6', 'CE-6', 36)]
    data.matrix = [...data.matrix, drop('wk_melee_6', 'furni', 10)]
    data.items = [...data.items, item('furni', '家具', 'Furniture')]
    expect(ok(planTiny({ gold_demand: true }, data)).lp.valueLmd).toBeCloseTo(36 / 10000, 12)
  })

  it('uses the fixed LS-6 exp cards and drops the 3003 → exp column when only exp is wanted', () => {
    const data = tinyData()
    data.items = [...data.items, item('2003', '中级作战记录', 'Frontline Battle Record'), item('2004', '高级作战记录', 'Tactical Battle Record')]
    data.stages = [...data.stages, stage('wk_kc_6', 'LS-6', 36)]
    // The matrix says 1 card per run; LS-6 is fixed at 4 × 2004 + 2 × 2003 = 10000 exp.
    data.matrix = [...data.matrix, drop('wk_kc_6', '2004', 1000), drop('wk_kc_6', '2003', 1000)]
    const r = ok(planTiny({ exp_demand: true, gold_demand: false, required: { '30011': 1 } }, data))
    expect(r.lp.valueExp).toBeCloseTo(36 / 10000, 12)
    // LS-6 runs are left out of cost and exp; the two material stages remain.
    expect(r.stages.map((s) => s.stage)).toEqual(['s1'])
  })
})
