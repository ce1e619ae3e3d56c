import { checkOperatorGoal, levelCap, maxElite, maxSkillLevel, operatorGoalCost, type OperatorCost } from '@dropwise/planner'
import type { LevelTable, Operator } from '@dropwise/schemas'
import type { GoalEntry, GoalState } from './projects'

/**
 * Operator goals on the page (issue 39 §2): a goal's editing rules, what is wrong with it in words the page
 * translates, and the sums. Pure. The costs and the rules are the planner package's (`operatorGoalCost`,
 * `checkOperatorGoal`), the same the server's `POST /planner/operators` uses.
 */

/** Module tokens: shown with the totals, never sent to the planner (no stage drops them). */
export const MODULE_TOKEN_IDS: ReadonlySet<string> = new Set(['mod_unlock_token', 'mod_update_token_1', 'mod_update_token_2'])
export const LMD_ID = '4001'
/** EXP of each battle record, for counting the stock's records against the EXP the goals need. */
export const EXP_CARDS: Readonly<Record<string, number>> = { '2001': 200, '2002': 400, '2003': 1000, '2004': 2000 }

export type Side = 'from' | 'to'

/** The state an operator is added with: nothing raised. */
export const baseState = (op: Operator): GoalState => ({ elite: 0, level: 1, skill: 1, masteries: op.masteries.map(() => 0), modules: {} })

export const newGoal = (op: Operator): GoalEntry => ({ operator: op.id, from: baseState(op), to: baseState(op) })

/** A stored goal fitted to the operator as the data has it now: one mastery per skill, only its modules. */
export const fitGoal = (op: Operator, goal: GoalEntry): GoalEntry => {
  const fit = (s: GoalState): GoalState => ({
    ...s,
    masteries: op.masteries.map((_, i) => s.masteries[i] ?? 0),
    modules: Object.fromEntries(Object.entries(s.modules).filter(([id, stage]) => stage > 0 && op.modules.some((m) => m.id === id))),
  })
  return { ...goal, from: fit(goal.from), to: fit(goal.to) }
}

/** The parts of the goal the page lets a player change, each with what may be chosen. */
export const eliteChoices = (op: Operator, levels: LevelTable) => Array.from({ length: maxElite(op, levels) + 1 }, (_, e) => e)
export const skillChoices = (op: Operator, elite: number) => Array.from({ length: maxSkillLevel(op, elite) }, (_, i) => i + 1)
export { levelCap, maxElite, maxSkillLevel }
/** Masteries need Elite 2, which 3-stars and below never reach. */
export const canMaster = (op: Operator, levels: LevelTable) => op.masteries.length > 0 && maxElite(op, levels) >= 2

const max = (a: number, b: number) => (a > b ? a : b)

/**
 * Sets one field of one side, keeping the goal one the game allows where the change implies it: the level stays
 * within the new elite's cap and the skill level within what the elite allows; a mastery or a module stage above 0
 * raises that side to Elite 2 (and a mastery to skill level 7); the target is raised to the current state wherever the
 * current one passes it (a target below the start means nothing to do; the page disables those choices).
 */
export type GoalChange =
  | { field: 'elite'; value: number }
  | { field: 'level'; value: number }
  | { field: 'skill'; value: number }
  | { field: 'mastery'; index: number; value: number }
  | { field: 'module'; id: string; value: number }

const settle = (op: Operator, levels: LevelTable, s: GoalState): GoalState => {
  const elite = Math.min(max(s.elite, 0), maxElite(op, levels))
  const level = Math.min(max(s.level, 1), max(levelCap(op, levels, elite), 1))
  const skill = Math.min(max(s.skill, 1), maxSkillLevel(op, elite))
  return { ...s, elite, level, skill }
}

export const changeGoal = (op: Operator, levels: LevelTable, goal: GoalEntry, side: Side, change: GoalChange): GoalEntry => {
  let s: GoalState = { ...goal[side], masteries: [...goal[side].masteries], modules: { ...goal[side].modules } }
  switch (change.field) {
    case 'elite':
      s.elite = change.value
      break
    case 'level':
      s.level = change.value
      break
    case 'skill':
      s.skill = change.value
      break
    case 'mastery':
      s.masteries[change.index] = change.value
      if (change.value > 0) s = { ...s, elite: 2, skill: 7 }
      break
    case 'module':
      if (change.value > 0) {
        s.modules[change.id] = change.value
        s.elite = 2
      } else delete s.modules[change.id]
      break
  }
  // A promotion starts the new phase at level 1, as in the game; a lower phase keeps the level within its cap.
  if (change.field !== 'level' && s.elite > goal[side].elite) s.level = 1
  s = settle(op, levels, s)
  const next = { ...goal, [side]: s }
  return { ...next, to: raiseTo(op, levels, next.from, next.to) }
}

/** The target raised to the start wherever the start passes it. */
const raiseTo = (op: Operator, levels: LevelTable, from: GoalState, to: GoalState): GoalState => {
  const before = to.elite < from.elite || (to.elite === from.elite && to.level < from.level)
  const elite = max(to.elite, from.elite)
  const level = before ? from.level : to.level
  const modules = { ...to.modules }
  for (const [id, stage] of Object.entries(from.modules)) modules[id] = max(modules[id] ?? 0, stage)
  return settle(op, levels, {
    elite,
    level,
    skill: max(to.skill, from.skill),
    masteries: op.masteries.map((_, i) => max(to.masteries[i] ?? 0, from.masteries[i] ?? 0)),
    modules,
  })
}

/** Whether the target side may choose `value` for a field (not below the start). */
export const belowStart = (goal: GoalEntry, change: GoalChange): boolean => {
  const from = goal.from
  switch (change.field) {
    case 'elite':
      return change.value < from.elite
    case 'level':
      return goal.to.elite === from.elite && change.value < from.level
    case 'skill':
      return change.value < from.skill
    case 'mastery':
      return change.value < (from.masteries[change.index] ?? 0)
    case 'module':
      return change.value < (from.modules[change.id] ?? 0)
  }
}

/** What is wrong with a goal, as a translation key and its values (goals.problem.<key>), or null. */
export type GoalProblem =
  | { key: 'eliteTooHigh'; side: Side; max: number; star: number }
  | { key: 'levelAboveCap'; side: Side; level: number; cap: number; elite: number }
  | { key: 'noSkills'; side: Side }
  | { key: 'skillNeedsElite1'; side: Side; skill: number }
  | { key: 'skillTooHigh'; side: Side; skill: number; max: number }
  | { key: 'noMasteries'; side: Side; star: number }
  | { key: 'masteryNeedsElite2'; side: Side; skill: string }
  | { key: 'masteryNeedsSkill7'; side: Side; skill: string }
  | { key: 'unknownModule'; side: Side; module: string }
  | { key: 'moduleNeedsElite2'; side: Side; module: string }
  | { key: 'targetBelowStart' }
  | { key: 'other'; message: string }

const stateProblem = (
  op: Operator,
  levels: LevelTable,
  s: GoalState,
  side: Side,
  names: { skill: (i: number) => string; module: (id: string) => string },
): GoalProblem | null => {
  const top = maxElite(op, levels)
  if (s.elite > top) return { key: 'eliteTooHigh', side, max: top, star: op.star }
  const cap = levelCap(op, levels, s.elite)
  if (s.level > cap) return { key: 'levelAboveCap', side, level: s.level, cap, elite: s.elite }
  if (s.skill > maxSkillLevel(op, s.elite)) {
    if (op.skills.length === 0) return { key: 'noSkills', side }
    if (s.elite === 0 && s.skill <= 1 + op.skills.length) return { key: 'skillNeedsElite1', side, skill: s.skill }
    return { key: 'skillTooHigh', side, skill: s.skill, max: maxSkillLevel(op, s.elite) }
  }
  const mastered = s.masteries.findIndex((m) => m > 0)
  if (mastered >= 0) {
    if (op.masteries.length === 0 || top < 2) return { key: 'noMasteries', side, star: op.star }
    if (s.elite < 2) return { key: 'masteryNeedsElite2', side, skill: names.skill(mastered) }
    if (s.skill < 7) return { key: 'masteryNeedsSkill7', side, skill: names.skill(mastered) }
  }
  for (const [id, stage] of Object.entries(s.modules)) {
    if (!op.modules.some((m) => m.id === id)) return { key: 'unknownModule', side, module: id }
    if (stage > 0 && s.elite < 2) return { key: 'moduleNeedsElite2', side, module: names.module(id) }
  }
  return null
}

/**
 * The first thing the game would not allow in a goal, or null. The page's own words first; anything the planner's
 * rule check (`checkOperatorGoal`, the server's) refuses that they do not cover comes as `other` with its message.
 */
export const goalProblem = (
  op: Operator,
  levels: LevelTable,
  goal: GoalEntry,
  names: { skill: (i: number) => string; module: (id: string) => string } = { skill: (i) => String(i + 1), module: (id) => id },
): GoalProblem | null => {
  const own = stateProblem(op, levels, goal.from, 'from', names) ?? stateProblem(op, levels, goal.to, 'to', names)
  if (own) return own
  const message = checkOperatorGoal(op, levels, goal.from, goal.to)
  if (message === null) return null
  return message.startsWith('target below start') ? { key: 'targetBelowStart' } : { key: 'other', message }
}

/** Whether the goal asks for anything at all. */
export const isEmptyGoal = (goal: GoalEntry): boolean => JSON.stringify(goal.from) === JSON.stringify(goal.to)

/** A stored goal as the page shows it: fitted to the data, with its problem or its cost. */
export interface GoalView {
  goal: GoalEntry
  problem: GoalProblem | null
  /** Null where the goal has a problem. */
  cost: OperatorCost | null
}

type Names = Parameters<typeof goalProblem>[3]
const views = new WeakMap<GoalEntry, { op: Operator; levels: LevelTable; key: string; view: GoalView }>()

/**
 * The view of one stored goal, the same object again while the goal, the operator's data and `key` (what `names`
 * depend on: the language) are: a page of many operators redraws only the one that changed.
 */
export const goalView = (op: Operator, levels: LevelTable, stored: GoalEntry, names?: Names, key = ''): GoalView => {
  const hit = views.get(stored)
  if (hit && hit.op === op && hit.levels === levels && hit.key === key) return hit.view
  const goal = fitGoal(op, stored)
  const problem = goalProblem(op, levels, goal, names)
  const view = { goal, problem, cost: problem ? null : operatorGoalCost(op, levels, goal.from, goal.to) }
  views.set(stored, { op, levels, key, view })
  return view
}

export interface GoalTotals {
  /** Per goal (same order): its view, null where its operator is unknown. */
  perGoal: (GoalView | null)[]
  /** The sum of the goals that have a cost. */
  total: OperatorCost
  /** Goals left out of the sum (a problem, or an operator the data no longer has). */
  skipped: number
}

export const sumGoals = (
  goals: readonly GoalEntry[],
  byId: ReadonlyMap<string, Operator>,
  levels: LevelTable,
  view: (op: Operator, goal: GoalEntry) => GoalView = (op, goal) => goalView(op, levels, goal),
): GoalTotals => {
  const total: OperatorCost = { items: {}, lmd: 0, exp: 0 }
  let skipped = 0
  const perGoal = goals.map((g) => {
    const op = byId.get(g.operator)
    if (!op) {
      skipped++
      return null
    }
    const v = view(op, g)
    if (!v.cost) {
      skipped++
      return v
    }
    for (const [id, n] of Object.entries(v.cost.items)) total.items[id] = (total.items[id] ?? 0) + n
    total.lmd += v.cost.lmd
    total.exp += v.cost.exp
    return v
  })
  return { perGoal, total, skipped }
}

export interface NeedRow {
  id: string
  need: number
  have: number
  /** What is still missing: need − have, at least 0. */
  missing: number
}

/** The materials of a total against the stock: one row per item needed, module tokens apart. */
export const needRows = (items: Readonly<Record<string, number>>, stock: Readonly<Record<string, number>>): { materials: NeedRow[]; tokens: NeedRow[] } => {
  const rows = Object.entries(items)
    .filter(([, n]) => n > 0)
    .map(([id, need]) => {
      const have = stock[id] ?? 0
      return { id, need, have, missing: max(need - have, 0) }
    })
  return { materials: rows.filter((r) => !MODULE_TOKEN_IDS.has(r.id)), tokens: rows.filter((r) => MODULE_TOKEN_IDS.has(r.id)) }
}

/** LMD and EXP still missing: LMD against the stock's LMD, EXP against the EXP of its battle records. */
export const missingLmdExp = (total: OperatorCost, stock: Readonly<Record<string, number>>) => {
  const expHave = Object.entries(EXP_CARDS).reduce((sum, [id, exp]) => sum + (stock[id] ?? 0) * exp, 0)
  const lmdHave = stock[LMD_ID] ?? 0
  return { lmd: { need: total.lmd, have: lmdHave, missing: max(total.lmd - lmdHave, 0) }, exp: { need: total.exp, have: expHave, missing: max(total.exp - expHave, 0) } }
}
