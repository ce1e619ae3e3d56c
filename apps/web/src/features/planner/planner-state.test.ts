import { describe, expect, it } from 'vitest'
import { buildPlanRequest, wantsAnything } from './plan-request'
import { EMPTY_STATE, isPlannerItem, parsePlannerState, reconcileServer, resetState, setCount } from './planner-state'

describe('planner state', () => {
  it("reads the public client's stored state, keeping only counted items", () => {
    const state = parsePlannerState({
      items: [{ id: '30012', have: 0, need: 3 }, { id: '30013', have: 0, need: 0 }, { id: 5 }, { id: '30012', need: 9 }],
      options: { byProduct: true, requireExp: 'yes' },
      excludes: ['a', 'a', 3],
    })
    expect(state).toEqual({
      items: [{ id: '30012', have: 0, need: 3 }],
      options: { byProduct: true, requireExp: false, requireLmb: false },
      excludes: ['a'],
      server: null,
    })
    expect(parsePlannerState('garbage')).toEqual(EMPTY_STATE)
  })

  it('a server switch clears exclusions but keeps counts and options', () => {
    const cn = reconcileServer({ ...setCount(EMPTY_STATE, '30012', { need: 2 }), excludes: ['x'] }, 'CN')
    expect(cn.excludes).toEqual(['x'])
    const us = reconcileServer(cn, 'US')
    expect(us).toEqual({ ...cn, server: 'US', excludes: [] })
  })

  it('reset touches only the chosen parts', () => {
    const state = { ...setCount(EMPTY_STATE, '30012', { need: 2 }), excludes: ['x'], options: { byProduct: true, requireExp: true, requireLmb: false } }
    expect(resetState(state, { items: true, options: false, excludes: false })).toEqual({ ...state, items: [] })
    expect(resetState(state, { items: false, options: true, excludes: true })).toEqual({ ...state, excludes: [], options: EMPTY_STATE.options })
  })

  it('offers MATERIAL items with 5-character ids and ARKPLANNER items', () => {
    expect(isPlannerItem({ itemId: '30012', itemType: 'MATERIAL' })).toBe(true)
    expect(isPlannerItem({ itemId: '3003', itemType: 'MATERIAL' })).toBe(false)
    expect(isPlannerItem({ itemId: '3003', itemType: 'ARKPLANNER' })).toBe(true)
    expect(isPlannerItem({ itemId: '2001', itemType: 'CARD_EXP' })).toBe(false)
  })

  it('builds the ArkPlanner request from offered items, zeros left out, exclude only when set', () => {
    const state = setCount(setCount(setCount(EMPTY_STATE, '30012', { need: 5, have: 1 }), '30013', { have: 2 }), 'gone', { need: 1 })
    const request = buildPlanRequest(state, 'CN', new Set(['30012', '30013']))
    expect(request).toEqual({
      required: { '30012': 5 },
      owned: { '30012': 1, '30013': 2 },
      extra_outc: false,
      exp_demand: false,
      gold_demand: false,
      input_lang: 'id',
      output_lang: 'id',
      server: 'CN',
    })
    expect(wantsAnything(request)).toBe(true)
    expect(buildPlanRequest({ ...state, excludes: ['x'] }, 'CN', new Set()).exclude).toEqual(['x'])
    expect(wantsAnything(buildPlanRequest(EMPTY_STATE, 'CN', new Set()))).toBe(false)
  })
})
