import { checkOperatorGoal, operatorGoalCost } from '@dropwise/planner'
import { describe, expect, it } from 'vitest'
import { AMIYA, byId, FANG, LEVELS, TEXAS } from './goals-fixtures'
import { baseState, belowStart, changeGoal, fitGoal, goalProblem, missingLmdExp, needRows, newGoal, sumGoals } from './goal-model'
import type { GoalEntry } from './projects'

const texas = newGoal(TEXAS)
const sorted = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id))

describe('editing a goal', () => {
  it('a mastery chosen on the target raises it to Elite 2 and skill level 7, starting Elite 2 at level 1', () => {
    const g = changeGoal(TEXAS, LEVELS, texas, 'to', { field: 'mastery', index: 1, value: 3 })
    expect(g.to).toEqual({ elite: 2, level: 1, skill: 7, masteries: [0, 3], modules: {} })
    expect(goalProblem(TEXAS, LEVELS, g)).toBeNull()
  })

  it('a module stage raises the side to Elite 2; stage 0 removes the module', () => {
    let g = changeGoal(TEXAS, LEVELS, texas, 'to', { field: 'module', id: 'uniequip_002_texas', value: 2 })
    expect(g.to).toMatchObject({ elite: 2, modules: { uniequip_002_texas: 2 } })
    g = changeGoal(TEXAS, LEVELS, g, 'to', { field: 'module', id: 'uniequip_002_texas', value: 0 })
    expect(g.to.modules).toEqual({})
  })

  it('a promotion starts at level 1; a lower elite keeps the level within its cap and the skill level within its limit', () => {
    let g = changeGoal(TEXAS, LEVELS, texas, 'to', { field: 'elite', value: 1 })
    g = changeGoal(TEXAS, LEVELS, g, 'to', { field: 'level', value: 70 })
    g = changeGoal(TEXAS, LEVELS, g, 'to', { field: 'skill', value: 7 })
    expect(g.to).toMatchObject({ elite: 1, level: 70, skill: 7 })
    g = changeGoal(TEXAS, LEVELS, g, 'to', { field: 'elite', value: 2 })
    expect(g.to).toMatchObject({ elite: 2, level: 1 })
    const down = changeGoal(TEXAS, LEVELS, changeGoal(TEXAS, LEVELS, g, 'to', { field: 'level', value: 80 }), 'to', { field: 'elite', value: 0 })
    expect(down.to).toMatchObject({ elite: 0, level: 50, skill: 4 })
  })

  it('raising the start raises the target with it, never lowering what the target asked for', () => {
    let g = changeGoal(TEXAS, LEVELS, texas, 'to', { field: 'mastery', index: 0, value: 2 })
    g = changeGoal(TEXAS, LEVELS, g, 'from', { field: 'elite', value: 1 })
    g = changeGoal(TEXAS, LEVELS, g, 'from', { field: 'level', value: 40 })
    expect(g.to).toMatchObject({ elite: 2, level: 1, masteries: [2, 0] })
    g = changeGoal(TEXAS, LEVELS, g, 'from', { field: 'mastery', index: 1, value: 1 })
    expect(g.from).toMatchObject({ elite: 2, skill: 7, masteries: [0, 1] })
    expect(g.to).toMatchObject({ elite: 2, skill: 7, masteries: [2, 1] })
    expect(goalProblem(TEXAS, LEVELS, g)).toBeNull()
  })

  it('says which target choices are below the start (the page disables them)', () => {
    const g = changeGoal(TEXAS, LEVELS, texas, 'from', { field: 'elite', value: 1 })
    expect(belowStart(g, { field: 'elite', value: 0 })).toBe(true)
    expect(belowStart(g, { field: 'elite', value: 2 })).toBe(false)
    expect(belowStart(g, { field: 'skill', value: 1 })).toBe(false)
  })

  it('a 3-star cannot be raised past Elite 1 nor mastered', () => {
    const g = changeGoal(FANG, LEVELS, newGoal(FANG), 'to', { field: 'elite', value: 2 })
    expect(g.to.elite).toBe(1)
    expect(FANG.masteries).toEqual([])
  })
})

describe('what is wrong with a goal', () => {
  const goal = (from: Partial<GoalEntry['from']>, to: Partial<GoalEntry['to']>, op = TEXAS): GoalEntry => ({
    operator: op.id,
    from: { ...baseState(op), ...from },
    to: { ...baseState(op), ...to },
  })
  const cases: [string, GoalEntry, string | null, typeof TEXAS?][] = [
    ['nothing', goal({}, {}), null],
    ['a level above the cap', goal({}, { elite: 1, level: 71 }), 'levelAboveCap'],
    ['a skill level 5 at Elite 0', goal({}, { skill: 5 }), 'skillNeedsElite1'],
    ['a mastery below Elite 2', goal({}, { elite: 1, skill: 7, masteries: [3, 0] }), 'masteryNeedsElite2'],
    ['a mastery below skill level 7', goal({}, { elite: 2, skill: 6, masteries: [3, 0] }), 'masteryNeedsSkill7'],
    ['a module below Elite 2', goal({}, { elite: 1, modules: { uniequip_002_texas: 1 } }), 'moduleNeedsElite2'],
    ['a module the operator has not', goal({}, { elite: 2, modules: { uniequip_nope: 1 } }), 'unknownModule'],
    ['a target below the start', goal({ elite: 1, level: 10 }, { elite: 0, level: 30 }), 'targetBelowStart'],
    ['Elite 2 on a 3-star', goal({}, { elite: 2 }, FANG), 'eliteTooHigh', FANG],
  ]
  it.each(cases)('%s', (_name, g, key, op = TEXAS) => {
    const problem = goalProblem(op, LEVELS, g)
    expect(problem?.key ?? null).toBe(key)
    // The page refuses exactly what the planner's (and the server's) rule check refuses.
    expect(checkOperatorGoal(op, LEVELS, g.from, g.to) === null).toBe(key === null)
  })

  it('names the skill and the module in the page’s words', () => {
    const g = goal({}, { elite: 1, skill: 7, masteries: [0, 2] })
    expect(goalProblem(TEXAS, LEVELS, g, { skill: (i) => TEXAS.masteries[i]!.name_i18n.en!, module: (id) => id })).toEqual({
      key: 'masteryNeedsElite2',
      side: 'to',
      skill: 'Sword Rain',
    })
  })
})

describe('fitting stored goals to the data', () => {
  it('gives one mastery per skill and keeps only the operator’s modules', () => {
    const stored: GoalEntry = {
      operator: TEXAS.id,
      from: { ...baseState(TEXAS), masteries: [] },
      to: { elite: 2, level: 1, skill: 7, masteries: [1, 2, 3], modules: { old_module: 2, uniequip_002_texas: 1 } },
    }
    const fitted = fitGoal(TEXAS, stored)
    expect(fitted.from.masteries).toEqual([0, 0])
    expect(fitted.to).toMatchObject({ masteries: [1, 2], modules: { uniequip_002_texas: 1 } })
  })
})

describe('sums', () => {
  const full: GoalEntry = { operator: TEXAS.id, from: baseState(TEXAS), to: { elite: 2, level: 60, skill: 7, masteries: [0, 3], modules: { uniequip_002_texas: 3 } } }
  const amiya: GoalEntry = { operator: AMIYA.id, from: baseState(AMIYA), to: { elite: 2, level: 1, skill: 7, masteries: [0, 0, 3, 0, 2], modules: {} } }
  const broken: GoalEntry = { operator: TEXAS.id, from: baseState(TEXAS), to: { elite: 1, level: 1, skill: 7, masteries: [3, 0], modules: {} } }

  it('adds every goal’s cost (the planner’s), Amiya’s forms included, and leaves out goals with a problem or an unknown operator', () => {
    const goals = [full, amiya, broken, { ...full, operator: '999_gone' }]
    const totals = sumGoals(goals, byId(TEXAS, AMIYA), LEVELS)
    const a = operatorGoalCost(TEXAS, LEVELS, full.from, full.to)
    const b = operatorGoalCost(AMIYA, LEVELS, amiya.from, amiya.to)
    expect(totals.perGoal.map((v) => v?.cost ?? null)).toEqual([a, b, null, null])
    expect(totals.perGoal[2]?.problem?.key).toBe('masteryNeedsElite2')
    expect(totals.skipped).toBe(2)
    expect(totals.total.lmd).toBe(a.lmd + b.lmd)
    expect(totals.total.exp).toBe(a.exp + b.exp)
    for (const id of new Set([...Object.keys(a.items), ...Object.keys(b.items)])) expect(totals.total.items[id]).toBe((a.items[id] ?? 0) + (b.items[id] ?? 0))
    // Amiya's third skill at Mastery 3 and her Guard form's second (index 4) at Mastery 2; nothing of the Guard's first.
    expect(b.items).toMatchObject({ m3: 1 + 2 + 3, g2: 1 + 2 })
    expect(b.items.g1).toBeUndefined()
  })

  it('gives the same view again for an unchanged goal, a new one for a changed goal or new data', () => {
    const once = sumGoals([full, amiya], byId(TEXAS, AMIYA), LEVELS)
    const again = sumGoals([full, amiya], byId(TEXAS, AMIYA), LEVELS)
    expect(again.perGoal[0]).toBe(once.perGoal[0])
    const changed = changeGoal(TEXAS, LEVELS, full, 'to', { field: 'level', value: 70 })
    expect(sumGoals([changed], byId(TEXAS), LEVELS).perGoal[0]).not.toBe(once.perGoal[0])
    expect(sumGoals([full], byId(TEXAS), { ...LEVELS }).perGoal[0]).not.toBe(once.perGoal[0])
  })

  it('counts the stock against the needs, module tokens apart, LMD and battle records too', () => {
    const { materials, tokens } = needRows({ '30104': 10, '3303': 6, mod_unlock_token: 2 }, { '30104': 4, '3303': 9 })
    expect(sorted(materials)).toEqual([
      { id: '30104', need: 10, have: 4, missing: 6 },
      { id: '3303', need: 6, have: 9, missing: 0 },
    ])
    expect(tokens).toEqual([{ id: 'mod_unlock_token', need: 2, have: 0, missing: 2 }])
    expect(missingLmdExp({ items: {}, lmd: 1000, exp: 5000 }, { '4001': 300, '2004': 1, '2003': 2 })).toEqual({
      lmd: { need: 1000, have: 300, missing: 700 },
      exp: { need: 5000, have: 4000, missing: 1000 },
    })
  })
})

describe('part names', () => {
  it("fall back to the game's name in another language before the id", async () => {
    const { partName } = await import('./operator-label')
    expect(partName({ zh: '“新车和新生活”' }, 'uniequip_003_texas2', 'en')).toBe('“新车和新生活”')
    expect(partName({ zh: '剑雨', en: 'Sword Rain', ja: 'ソードレイン' }, 'skchr_texas_2', 'ja')).toBe('ソードレイン')
    expect(partName({ zh: '剑雨', en: 'Sword Rain' }, 'skchr_texas_2', 'ko')).toBe('Sword Rain')
    expect(partName({}, 'uniequip_x', 'en')).toBe('uniequip_x')
  })
})
