import { describe, expect, it } from 'vitest'
import { buildPlanRequest } from '../plan-request'
import { DEFAULT_OPTIONS } from '../planner-state'
import { planMissing, plannerCounts } from './plan-counts'

const sorted = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id))
// What the planner page offers: elite materials only (isPlannerItem), no Skill Summaries or chips.
const offered = new Set(['30104', '30013', '30012'])

describe('plannerCounts: what "plan the rest" sends to the planner', () => {
  const total = { items: { '30104': 10, '30013': 4, '3303': 6, '3261': 5, '3213': 2, mod_unlock_token: 2 }, lmd: 120_000, exp: 30_000 }
  const stock = { '30104': 3, '30012': 50, '3303': 2, '32001': 1, '2004': 5, '4001': 20_000, '2001': 0 }

  it('plans Skill Summaries, chips, dual chips, LMD and EXP; only module tokens are left out', () => {
    const { counts, notPlanned } = plannerCounts(total, stock, offered)
    expect(sorted(counts)).toEqual([
      { id: '0010', need: 30_000, have: 0 },
      { id: '2004', need: 0, have: 5 },
      { id: '30012', need: 0, have: 50 },
      { id: '30013', need: 4, have: 0 },
      { id: '30104', need: 10, have: 3 },
      { id: '32001', need: 0, have: 1 },
      { id: '3213', need: 2, have: 0 },
      { id: '3261', need: 5, have: 0 },
      { id: '3303', need: 6, have: 2 },
      { id: '4001', need: 120_000, have: 20_000 },
    ])
    expect(notPlanned).toEqual([{ id: 'mod_unlock_token', need: 2, have: 0, missing: 2 }])
  })

  it('names items no plan can make, and leaves out those the stock covers', () => {
    const { counts, notPlanned } = plannerCounts({ items: { '30104': 1, event_thing: 3, mod_update_token_1: 4 } }, { mod_update_token_1: 4 }, offered)
    expect(counts).toEqual([{ id: '30104', need: 1, have: 0 }])
    expect(notPlanned).toEqual([{ id: 'event_thing', need: 3, have: 0, missing: 3 }])
  })

  it('becomes a goals plan request: goals flag, LMD and EXP as numbers, battle records and LMD in stock as owned', () => {
    const { counts } = plannerCounts(total, stock, offered)
    const request = buildPlanRequest({ items: counts, options: DEFAULT_OPTIONS, excludes: [], server: 'CN' }, 'CN', offered)
    expect(request).toMatchObject({
      goals: true,
      gold_demand: 120_000,
      exp_demand: 30_000,
      required: { '30104': 10, '30013': 4, '3303': 6, '3261': 5, '3213': 2 },
      owned: { '30104': 3, '30012': 50, '3303': 2, '32001': 1, '2004': 5, '4001': 20_000 },
    })
    // The options that value LMD and EXP (1e9) do not apply: a goals plan farms the amounts it needs, no more.
    const valued = buildPlanRequest({ items: counts, options: { ...DEFAULT_OPTIONS, requireLmb: true, requireExp: true }, excludes: [], server: 'CN' }, 'CN', offered)
    expect(valued).toMatchObject({ gold_demand: 120_000, exp_demand: 30_000 })
    const noLmd = buildPlanRequest(
      { items: counts.filter((c) => c.id !== '4001'), options: { ...DEFAULT_OPTIONS, requireLmb: true }, excludes: [], server: 'CN' },
      'CN',
      offered,
    )
    expect(noLmd.gold_demand).toBe(false)
    // Elite materials alone stay ArkPlanner's request, without the flag.
    const plain = buildPlanRequest({ items: [{ id: '30104', need: 2, have: 0 }], options: DEFAULT_OPTIONS, excludes: [], server: 'CN' }, 'CN', offered)
    expect(plain).not.toHaveProperty('goals')
    expect(plain).toMatchObject({ gold_demand: false, exp_demand: false })
  })

  it('counts EXP as missing only beyond the battle records in stock', () => {
    const only = { items: {}, lmd: 0, exp: 10_000 }
    expect(planMissing(plannerCounts(only, { '2004': 5 }, offered).counts, only, { '2004': 5 })).toBe(false)
    expect(planMissing(plannerCounts(only, { '2004': 4 }, offered).counts, only, { '2004': 4 })).toBe(true)
  })
})
