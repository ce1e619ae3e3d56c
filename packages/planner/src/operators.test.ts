import { levelTableSchema, operatorSchema, type LevelTable, type Operator, type OperatorState } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { addOperatorCost, checkOperatorGoal, operatorGoalCost } from './operators'

// A small level table with the game's shape: caps per rarity, EXP and LMD per elite and level (here level n costs
// n EXP and 10·n LMD at Elite 0, 2n/20n at Elite 1, 3n/30n at Elite 2), promotion LMD per rarity.
const row = (length: number, k: number): number[] => Array.from({ length }, (_, i) => k * (i + 1))
const levels: LevelTable = levelTableSchema.parse({
  maxLevel: [[30], [30], [40, 55], [45, 60, 70], [50, 70, 80], [50, 80, 90]],
  exp: [row(49, 1), row(79, 2), row(89, 3)],
  lmd: [row(49, 10), row(79, 20), row(89, 30)],
  eliteLmd: [[], [], [10000], [15000, 60000], [20000, 120000], [30000, 180000]],
})
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)

const costs3 = (id: string) => [{ [id]: 1 }, { [id]: 2 }, { [id]: 3 }] as [Record<string, number>, Record<string, number>, Record<string, number>]
const six: Operator = operatorSchema.parse({
  id: '900_six',
  star: 6,
  profession: 'SNIPER',
  servers: ['CN', 'US'],
  name: '六星',
  name_i18n: { zh: '六星', en: 'Six' },
  pron: { pinyin: 'liuxing', pinyinHead: 'lx', romaji: 'rokusei' },
  elite: [{ e1: 1 }, { e2: 1 }],
  skills: [{ s2: 1 }, { s3: 1 }, { s4: 1 }, { s5: 1 }, { s6: 1 }, { s7: 1 }],
  masteries: [
    { skillId: 'sk_1', name_i18n: { zh: '一' }, costs: costs3('m1') },
    { skillId: 'sk_2', name_i18n: { zh: '二' }, costs: costs3('m2') },
    { skillId: 'sk_3', name_i18n: { zh: '三' }, costs: costs3('m3') },
  ],
  modules: [{ id: 'uniequip_002_six', name_i18n: { zh: '模组' }, costs: [{ mod_unlock_token: 2 }, { mod_update_token_1: 20 }, { mod_update_token_2: 8 }] }],
})
const three: Operator = { ...six, id: '901_three', star: 3, elite: [{}], masteries: [], modules: [] }
const two: Operator = { ...six, id: '902_two', star: 2, elite: [], skills: [], masteries: [], modules: [] }

const state = (elite: number, level: number, skill = 1, masteries?: number[], modules?: Record<string, number>): OperatorState => ({
  elite,
  level,
  skill,
  masteries,
  modules,
})

describe('operatorGoalCost', () => {
  it('sums a 6-star from Elite 0 level 1 to Elite 2 level 90, all Mastery 3 and module stage 3', () => {
    const from = state(0, 1, 1, [0, 0, 0], {})
    const to = state(2, 90, 7, [3, 3, 3], { uniequip_002_six: 3 })
    expect(checkOperatorGoal(six, levels, from, to)).toBeNull()
    const cost = operatorGoalCost(six, levels, from, to)
    // Levelling: all of Elite 0 (levels 1..49) and Elite 1 (1..79), Elite 2 up to 89.
    expect(cost.exp).toBe(sum(row(49, 1)) + sum(row(79, 2)) + sum(row(89, 3)))
    expect(cost.lmd).toBe(sum(row(49, 10)) + sum(row(79, 20)) + sum(row(89, 30)) + 30000 + 180000)
    expect(cost.items).toEqual({
      e1: 1,
      e2: 1,
      s2: 1,
      s3: 1,
      s4: 1,
      s5: 1,
      s6: 1,
      s7: 1,
      m1: 6,
      m2: 6,
      m3: 6,
      mod_unlock_token: 2,
      mod_update_token_1: 20,
      mod_update_token_2: 8,
    })
  })

  it('levels within one elite phase from the start level to the target', () => {
    const cost = operatorGoalCost(six, levels, state(1, 10), state(1, 12))
    expect(cost).toEqual({ items: {}, lmd: 20 * 10 + 20 * 11, exp: 2 * 10 + 2 * 11 })
  })

  it('pays the rest of the start phase and the promotion when it crosses one', () => {
    const cost = operatorGoalCost(six, levels, state(0, 48, 3), state(1, 2, 5))
    expect(cost).toEqual({ items: { e1: 1, s4: 1, s5: 1 }, lmd: 480 + 490 + 20 + 30000, exp: 48 + 49 + 2 })
  })

  it('counts only the mastery and module stages above the start', () => {
    const cost = operatorGoalCost(six, levels, state(2, 1, 7, [1, 0, 3], { uniequip_002_six: 1 }), state(2, 1, 7, [3, 1, 3], { uniequip_002_six: 2 }))
    expect(cost).toEqual({ items: { m1: 5, m2: 1, mod_update_token_1: 20 }, lmd: 0, exp: 0 })
  })

  it('promotes a 3-star to Elite 1 for LMD only', () => {
    const cost = operatorGoalCost(three, levels, state(0, 40, 4, []), state(1, 1, 7, []))
    expect(cost).toEqual({ items: { s5: 1, s6: 1, s7: 1 }, lmd: 10000, exp: 0 })
  })

  it('adds goal costs together', () => {
    const total = addOperatorCost({ items: { a: 1 }, lmd: 1, exp: 2 }, { items: { a: 2, b: 1 }, lmd: 3, exp: 4 })
    expect(total).toEqual({ items: { a: 3, b: 1 }, lmd: 4, exp: 6 })
  })
})

describe('checkOperatorGoal', () => {
  const ok = (op: Operator, from: OperatorState, to: OperatorState) => expect(checkOperatorGoal(op, levels, from, to)).toBeNull()
  const bad = (op: Operator, from: OperatorState, to: OperatorState, message: RegExp) => expect(checkOperatorGoal(op, levels, from, to)).toMatch(message)

  it('allows what the game allows', () => {
    ok(six, state(0, 1), state(0, 50, 4))
    ok(six, state(0, 1), state(2, 1, 7, [0, 0, 3], { uniequip_002_six: 1 }))
    ok(three, state(0, 1), state(1, 55, 7))
    ok(two, state(0, 1), state(0, 30))
  })

  it('refuses Elite 2 and masteries on a 3-star, and promotions of a 2-star', () => {
    bad(three, state(0, 1), state(2, 1), /Elite 2 is not possible for Six \(901_three\), a 3-star operator \(at most Elite 1\)/)
    bad(three, state(0, 1), state(1, 1, 7, [0, 3]), /a 3-star operator, has no masteries/)
    bad(two, state(0, 1), state(1, 1), /at most Elite 0/)
    bad(two, state(0, 1), state(0, 1, 2), /has no skills/)
  })

  it('refuses a promotion whose cost the data does not list yet', () => {
    bad({ ...six, elite: [] }, state(0, 1), state(1, 1), /^to: Elite 1 of Six \(900_six\) has no known cost yet \(the data lists 0 promotions\)/)
  })

  it('refuses a level above the phase cap or below 1', () => {
    bad(six, state(0, 1), state(0, 51), /level 51 is above the cap of Elite 0 \(50\)/)
    bad(three, state(0, 41), state(1, 1), /^from: level 41 is above the cap of Elite 0 \(40\)/)
  })

  it('refuses skill levels above 4 before Elite 1 and masteries before Elite 2 and skill 7', () => {
    bad(six, state(0, 1), state(0, 1, 5), /skill level 5 needs Elite 1/)
    bad(six, state(0, 1), state(1, 1, 7, [1, 0, 0]), /mastery \(skill sk_1\) needs Elite 2/)
    bad(six, state(0, 1), state(2, 1, 6, [0, 1, 0]), /mastery \(skill sk_2\) needs skill level 7/)
  })

  it('refuses a masteries list that does not match the skills', () => {
    bad(six, state(0, 1), state(2, 1, 7, [0, 3]), /masteries has 2 entries but Six \(900_six\) has 3 skills/)
  })

  it('refuses unknown modules and module stages before Elite 2', () => {
    bad(six, state(0, 1), state(2, 1, 7, undefined, { uniequip_003_x: 1 }), /has no module uniequip_003_x/)
    bad(six, state(0, 1), state(1, 1, 1, undefined, { uniequip_002_six: 1 }), /module uniequip_002_six stage 1 needs Elite 2/)
  })

  it('refuses a target below the start', () => {
    bad(six, state(1, 10), state(1, 9), /target below start: Elite 1 level 9 is below Elite 1 level 10/)
    bad(six, state(2, 1), state(1, 80), /target below start/)
    bad(six, state(1, 1, 5), state(1, 1, 4), /skill level 4 is below 5/)
    bad(six, state(2, 1, 7, [2, 0, 0]), state(2, 1, 7, [1, 0, 0]), /skill sk_1 Mastery 1 is below 2/)
    bad(six, state(2, 1, 7, undefined, { uniequip_002_six: 2 }), state(2, 1, 7), /module uniequip_002_six stage 0 is below 2/)
  })
})
