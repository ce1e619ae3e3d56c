import type { PlanSuccess } from '@dropwise/planner'
import { describe, expect, it } from 'vitest'
import { calculateButtonState, canCalculate, type Calculation } from './calculate-state'

const plan = { stages: [], syntheses: [], values: [] } as unknown as PlanSuccess

describe('calculateButtonState (spec 001 §4 "Planner calculation")', () => {
  it.each<[string, Calculation, string | null, boolean, string, boolean]>([
    ['idle with something to plan', { status: 'idle' }, 'a', true, 'idle', true],
    ['before the item list loads', { status: 'idle' }, null, true, 'loading', false],
    ['with nothing to plan', { status: 'idle' }, 'a', false, 'empty', false],
    ['while a calculation runs', { status: 'pending', key: 'a' }, 'a', true, 'pending', false],
    ['while an older calculation runs', { status: 'pending', key: 'old' }, 'a', true, 'pending', false],
    ['once the result of these counts is done', { status: 'done', key: 'a', plan }, 'a', true, 'done', false],
    ['after the counts changed since the result', { status: 'done', key: 'old', plan }, 'a', true, 'idle', true],
    ['after these counts failed', { status: 'failed', key: 'a' }, 'a', true, 'failed', true],
    ['after other counts failed', { status: 'failed', key: 'old' }, 'a', true, 'idle', true],
  ])('%s', (_name, calc, key, wants, state, enabled) => {
    const got = calculateButtonState(calc, key, wants)
    expect(got).toBe(state)
    expect(canCalculate(got)).toBe(enabled)
  })
})
