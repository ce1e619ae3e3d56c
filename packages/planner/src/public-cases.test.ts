/** The planner on the shared public planner fixtures: exact optima and invariants over every case. */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import loadHighs from 'highs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPlanner } from './planner'
import type { Planner } from './planner'
import type { HighsRuntime } from './solve'
import type { PlannerData, PlanRequest, PlanResponse, PlanSuccess } from './types'

let highs: HighsRuntime
beforeAll(async () => {
  highs = await loadHighs()
})

const ok = (r: PlanResponse): PlanSuccess => {
  if (r.error) throw new Error(`plan failed: ${r.reason}`)
  return r
}

// ---------------------------------------------------------------------------------------------
// The shared fixtures and their exact optima (skipped in a clone without /work/shared).
// ---------------------------------------------------------------------------------------------
const fixtureDir = fileURLToPath(new URL('../../../../shared/data/planner-fixtures/', import.meta.url))
const haveFixtures = existsSync(`${fixtureDir}public-cases.json`)

interface PublicCase {
  name: string
  request: PlanRequest
  exactNetObjective: number
  valueLmd?: number
  valueExp?: number
  sanityOnMaterialStages?: number
  values?: Record<string, number>
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(`${fixtureDir}${file}`, 'utf8')) as T
const fixtureData = (): PlannerData => ({
  items: readJson('items.json'),
  stages: readJson('stages.json'),
  matrix: readJson<{ matrix: PlannerData['matrix'] }>('matrix.json').matrix,
  formulas: readJson('formula.json'),
})
const cases: PublicCase[] = haveFixtures ? readJson<{ cases: PublicCase[] }>('public-cases.json').cases : []

describe.skipIf(!haveFixtures)('public cases on the shared fixtures', () => {
  let data: PlannerData
  let planner: Planner
  beforeAll(() => {
    data = fixtureData()
    planner = createPlanner(highs, { CN: data }, { values: 'vertex' })
  })
  afterAll(() => planner?.dispose())

  it.each(cases.map((c) => [c.name, c] as const))('%s reaches the exact optimum', (_, c) => {
    const r = ok(planner.plan(c.request))
    expect(r.lp.status).toBe('optimal')
    const objective = r.lp.objective ?? Number.NaN
    expect(Math.abs(objective - c.exactNetObjective) / Math.abs(c.exactNetObjective)).toBeLessThan(1e-6)
    if (c.valueLmd !== undefined) expect(r.lp.valueLmd).toBeCloseTo(c.valueLmd, 9)
    if (c.valueExp !== undefined) expect(r.lp.valueExp).toBeCloseTo(c.valueExp, 9)
    // Demanded items have unique values; compare those the case gives.
    const listed = new Map(r.values.flatMap((level) => level.items.map((i) => [i.name, Number(i.value)] as const)))
    for (const [id, value] of Object.entries(c.values ?? {})) expect(Math.abs((listed.get(id) ?? Number.NaN) - value)).toBeLessThanOrEqual(0.02)
    // With a vertex optimum no stage gets a token 0.01 run, so the cost is at or below ArkPlanner's.
    if (c.sanityOnMaterialStages !== undefined) expect(r.cost).toBeLessThanOrEqual(Math.ceil(c.sanityOnMaterialStages))
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s: values of demanded items are positive and listed', (_, c) => {
    const r = ok(planner.plan(c.request))
    const listed = new Map(r.values.flatMap((level) => level.items.map((i) => [i.name, Number(i.value)] as const)))
    for (const [id, n] of Object.entries(c.request.required ?? {})) {
      if (n > (c.request.owned?.[id] ?? 0)) expect(listed.get(id)).toBeGreaterThan(0)
    }
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s: removing an unused stage leaves the plan unchanged', (_, c) => {
    const r = ok(planner.plan(c.request))
    const used = new Set(r.stages.map((s) => s.stage))
    const unused = data.matrix.find((e) => e.times >= 200 && e.end === null && !used.has(e.stageId) && !/^wk_|^pro_/.test(e.stageId))?.stageId
    expect(unused).toBeDefined()
    const smaller = { ...data, matrix: data.matrix.filter((e) => e.stageId !== unused) }
    const other = createPlanner(highs, { CN: smaller }, { values: 'vertex' })
    try {
      const r2 = ok(other.plan(c.request))
      expect(Math.abs((r2.lp.objective ?? 0) - (r.lp.objective ?? 0))).toBeLessThan(1e-6 * Math.abs(c.exactNetObjective))
      expect(r2.values).toEqual(r.values)
    } finally {
      other.dispose()
    }
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s: owning what is required costs nothing', (_, c) => {
    const r = ok(planner.plan({ ...c.request, owned: { ...c.request.required } }))
    expect(Math.abs(r.lp.objective ?? Number.NaN)).toBeLessThan(1e-6)
    expect(r.cost).toBe(0)
    expect(r.stages).toEqual([])
    expect(r.syntheses).toEqual([])
  })

  it('explains a chip whose only PR stage is excluded', () => {
    const r = planner.plan({ ...cases[0]!.request, required: { '3211': 5 }, exclude: ['pro_c_1'], output_lang: 'en' })
    expect(r).toMatchObject({ error: true, code: 'unobtainable-item', items: ['3211'] })
    expect(r.error && r.reason).toMatch(/cannot be obtained: every stage that drops it is excluded \(PR-C-1\)/)
  })

  it('central values: same optimum and demanded values, and items without demand get a value', () => {
    const c = cases.find((k) => k.name.startsWith('c03')) ?? cases[0]!
    const central = createPlanner(highs, { CN: data }, { values: 'central' })
    try {
      const a = ok(planner.plan(c.request))
      const b = ok(central.plan(c.request))
      expect(b.lp.objective).toBeCloseTo(a.lp.objective ?? Number.NaN, 6)
      expect(b.stages).toEqual(a.stages)
      const valuesOf = (r: PlanSuccess) => new Map(r.values.flatMap((l) => l.items.map((i) => [i.name, Number(i.value)] as const)))
      const va = valuesOf(a)
      const vb = valuesOf(b)
      for (const id of Object.keys(c.request.required ?? {})) expect(Math.abs((vb.get(id) ?? 0) - (va.get(id) ?? 0))).toBeLessThanOrEqual(0.02)
      const undemanded = [...vb].filter(([id]) => !(id in (c.request.required ?? {})))
      expect(undemanded.some(([, v]) => v > 1)).toBe(true)
    } finally {
      central.dispose()
    }
  })

  it('is deterministic: a plan does not depend on earlier requests', () => {
    const first = planner.plan(cases[0]!.request)
    for (const c of cases) planner.plan(c.request)
    const again = planner.plan(cases[0]!.request)
    expect({ ...again, lp: null }).toEqual({ ...first, lp: null })
  })
})
