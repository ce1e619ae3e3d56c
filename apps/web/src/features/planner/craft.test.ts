import type { PlanSynthesis } from '@dropwise/planner'
import { describe, expect, it } from 'vitest'
import { applyCraft, craftShortages, craftsShortage, wholeCraft } from './craft'
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

describe('craftsShortage: what the stock lacks for all the crafts, once per material', () => {
  // 1 cube from 3 Orirock (30011), 7 clusters from 35 cubes: a plan whose crafts both share no stock.
  const cube = { target: '30012', crafts: 1, planned: 0.7, rounded: true, materials: [{ itemId: '30011', count: 3, planned: 2.1 }] }
  const clusters = { target: '30013', crafts: 7, planned: 7, rounded: false, materials: [{ itemId: '30012', count: 35, planned: 35 }] }
  // Two crafts that each use Sugar Pack: each alone is covered by 3, both together are not.
  const a = { target: 'x', crafts: 1, planned: 1, rounded: false, materials: [{ itemId: '30033', count: 2, planned: 2 }] }
  const b = { target: 'y', crafts: 1, planned: 1, rounded: false, materials: [{ itemId: '30033', count: 2, planned: 2 }] }

  it('lists each missing material once, with what all the crafts use', () => {
    const state = setCount(EMPTY_STATE, '30012', { have: 12 })
    expect(craftsShortage(state, [cube, clusters])).toEqual([
      { itemId: '30011', need: 3, have: 0 },
      { itemId: '30012', need: 35, have: 12 },
    ])
  })

  it('adds up a material the crafts share', () => {
    const state = setCount(EMPTY_STATE, '30033', { have: 3 })
    expect(craftShortages(state, a)).toEqual([])
    expect(craftsShortage(state, [a, b])).toEqual([{ itemId: '30033', need: 4, have: 3 }])
  })

  it('is empty when the stock covers every craft', () => {
    expect(craftsShortage(setCount(EMPTY_STATE, '30033', { have: 4 }), [a, b])).toEqual([])
    expect(craftsShortage(EMPTY_STATE, [])).toEqual([])
  })
})
