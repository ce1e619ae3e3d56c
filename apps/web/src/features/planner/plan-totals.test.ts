import { describe, expect, it } from 'vitest'
import { shownRuns, shownSanity } from './plan-totals'

const costs: Record<string, number> = { 'main_01-07': 6, 'main_07-06': 18, unknown: 99 }
const apCost = (id: string) => costs[id]

describe('plan totals', () => {
  it.each([
    ['264', 264],
    ['20', 20],
    ['0.3', 1],
    ['1.0', 1],
    ['0.1', 1],
  ])('a count of %s is %i runs', (count, runs) => expect(shownRuns({ count })).toBe(runs))

  it('the header is the shown runs times the costs (1-7 ×264 and 7-6 ×20 are 1,944 sanity)', () => {
    // The planner's own cost for this plan was 1,948: fractional runs (263.6 and 20.4) times the costs.
    const stages = [
      { stage: 'main_01-07', count: '264' },
      { stage: 'main_07-06', count: '20' },
    ]
    expect(shownSanity(stages, apCost)).toBe(264 * 6 + 20 * 18)
    expect(shownSanity(stages, apCost)).toBe(1944)
  })

  it('a stage run under once counts one whole run', () => {
    expect(shownSanity([{ stage: 'main_07-06', count: '0.4' }], apCost)).toBe(18)
  })

  it('no stage: nothing to spend; an unknown cost: no figure of its own', () => {
    expect(shownSanity([], apCost)).toBe(0)
    expect(shownSanity([{ stage: 'unknown', count: '3' }], apCost)).toBeNull()
    expect(shownSanity([{ stage: 'gone', count: '3' }], apCost)).toBeNull()
  })
})
