import type { PlanSynthesis } from '@dropwise/planner'
import { describe, expect, it } from 'vitest'
import { applyCraft, craftShortages } from './craft'
import { countOf, EMPTY_STATE, setCount } from './planner-state'

// 2 Orirock Cubes (30013) from 3 Orirock (30012) each: the plan says 6.0 Orirock for 2 crafts.
const synthesis: PlanSynthesis = { target: '30013', count: '2', materials: { '30012': '6.0' } }
const fractional: PlanSynthesis = { target: '30014', count: '1', materials: { '30013': '4.3', '30033': '0.4' } }

describe('craft in plan (web-reference row 116)', () => {
  it('needs every material in the amount the plan consumes', () => {
    const state = setCount(EMPTY_STATE, '30012', { have: 5 })
    expect(craftShortages(state, synthesis)).toEqual([{ itemId: '30012', need: 6, have: 5 }])
    expect(applyCraft(state, synthesis)).toBeNull()
  })

  it('deducts the materials and adds the crafted count to the product', () => {
    const state = setCount(setCount(EMPTY_STATE, '30012', { have: 10, need: 1 }), '30013', { have: 1, need: 5 })
    const next = applyCraft(state, synthesis)
    expect(next && countOf(next, '30012')).toEqual({ have: 4, need: 1 })
    expect(next && countOf(next, '30013')).toEqual({ have: 3, need: 5 })
  })

  it('deducts the rounded-up amount of fractional materials, never below 0', () => {
    const state = setCount(setCount(EMPTY_STATE, '30013', { have: 4.5 }), '30033', { have: 0.5 })
    expect(craftShortages(state, fractional)).toEqual([])
    const next = applyCraft(state, fractional)
    expect(next && countOf(next, '30013').have).toBe(0)
    expect(next && countOf(next, '30033').have).toBe(0)
    expect(next && countOf(next, '30014').have).toBe(1)
    const enough = applyCraft(setCount(setCount(EMPTY_STATE, '30013', { have: 7 }), '30033', { have: 2 }), fractional)
    expect(enough && [countOf(enough, '30013').have, countOf(enough, '30033').have]).toEqual([2, 1])
  })
})
