import type { PlanSynthesis } from '@dropwise/planner'
import { describe, expect, it } from 'vitest'
import { applyCraft, craftShortages, wholeCraft } from './craft'
import { countOf, EMPTY_STATE, setCount } from './planner-state'

// 2 Orirock Clusters (30013) from 5 Orirock Cubes (30012) each: the plan says 10.0 cubes for 2 crafts.
const CLUSTER = { costs: [{ id: '30012', count: 5 }] }
const exact: PlanSynthesis = { target: '30013', count: '2', materials: { '30012': '10.0' } }
// Orirock Concentrate (30014) from 4 Clusters and 1 Sugar Pack (30033); the LP uses 1.075 crafts.
const CONCENTRATE = {
  costs: [
    { id: '30013', count: 4 },
    { id: '30033', count: 1 },
  ],
}
const fractional: PlanSynthesis = { target: '30014', count: '1', materials: { '30013': '4.3', '30033': '1.1' } }

describe('wholeCraft: crafts and materials are whole numbers, rounded up', () => {
  it.each([
    ['an exact plan stays as it is', exact, CLUSTER, { crafts: 2, planned: 2, rounded: false, counts: [10] }],
    ['1.075 crafts round up to 2, materials follow the recipe', fractional, CONCENTRATE, { crafts: 2, planned: 1.075, rounded: true, counts: [8, 2] }],
    ['without the recipe the listed crafts stay and materials round up', fractional, undefined, { crafts: 1, planned: 1, rounded: true, counts: [5, 2] }],
    [
      'a tenth of a craft is still one craft',
      { target: '30013', count: '1', materials: { '30012': '0.5' } },
      CLUSTER,
      { crafts: 1, planned: 0.1, rounded: true, counts: [5] },
    ],
    [
      'plan noise (6.0 for 3 per craft) is not rounded up',
      { target: 'x', count: '2', materials: { a: '6.0' } },
      { costs: [{ id: 'a', count: 3 }] },
      { crafts: 2, planned: 2, rounded: false, counts: [6] },
    ],
  ])('%s', (_name, synthesis, formula, want) => {
    const craft = wholeCraft(synthesis, formula)
    expect(craft.crafts).toBe(want.crafts)
    expect(craft.planned).toBeCloseTo(want.planned, 9)
    expect(craft.rounded).toBe(want.rounded)
    expect(craft.materials.map((m) => m.count)).toEqual(want.counts)
    for (const m of craft.materials) {
      expect(Number.isInteger(m.count)).toBe(true)
      expect(m.count).toBeGreaterThanOrEqual(m.planned - 1e-9)
    }
  })
})

describe('craft in plan (spec 001 §4, §5)', () => {
  it('needs every material in the whole amount the crafts consume', () => {
    const craft = wholeCraft(fractional, CONCENTRATE)
    // 4.3 clusters would do for the plan's 1.075 crafts, but 2 whole crafts need 8.
    const state = setCount(setCount(EMPTY_STATE, '30013', { have: 5 }), '30033', { have: 2 })
    expect(craftShortages(state, craft)).toEqual([{ itemId: '30013', need: 8, have: 5 }])
    expect(applyCraft(state, craft)).toBeNull()
  })

  it('deducts the whole materials and adds the whole crafts to the product', () => {
    const state = setCount(setCount(EMPTY_STATE, '30012', { have: 12, need: 1 }), '30013', { have: 1, need: 5 })
    const next = applyCraft(state, wholeCraft(exact, CLUSTER))
    expect(next && countOf(next, '30012')).toEqual({ have: 2, need: 1 })
    expect(next && countOf(next, '30013')).toEqual({ have: 3, need: 5 })
    const concentrate = applyCraft(setCount(setCount(EMPTY_STATE, '30013', { have: 9 }), '30033', { have: 2 }), wholeCraft(fractional, CONCENTRATE))
    expect(concentrate && [countOf(concentrate, '30013').have, countOf(concentrate, '30033').have, countOf(concentrate, '30014').have]).toEqual([1, 0, 2])
  })
})
