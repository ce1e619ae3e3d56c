import type { ItemCounts, LevelTable, Operator, OperatorState } from '@dropwise/schemas'

/**
 * What raising one operator from one state to another costs (issue 39), and whether the game allows it.
 *
 * The game's rules: levels run from 1 to the elite phase's cap (`levels.maxLevel[star - 1][elite]`), and a promotion
 * takes the operator from the cap to level 1 of the next phase, so levelling from (e, a) to (f, b) pays the rest of
 * phase e, every phase between, and phase f up to b. Promotions cost the `elite` materials and `levels.eliteLmd`;
 * 1-2 star operators have no promotion, 3-stars stop at Elite 1. The skill level (shared by all skills) goes to 4 at
 * Elite 0 and to 7 from Elite 1; masteries need Elite 2 and skill level 7; modules need Elite 2.
 *
 * Amiya: her Guard and Medic forms share her elite, level and skill level; their skills follow her own three in
 * `op.masteries` (with `form`), so a goal's `masteries` has one entry per skill of every form (7 for Amiya), and her
 * forms' modules are in `op.modules` beside her own.
 */

export interface OperatorCost {
  items: ItemCounts
  lmd: number
  exp: number
}

const add = (into: ItemCounts, counts: ItemCounts | undefined, times = 1): void => {
  if (counts === undefined) return
  for (const [id, n] of Object.entries(counts)) into[id] = (into[id] ?? 0) + n * times
}

/** The highest elite phase the operator can reach: the level table's phases for its rarity, with known costs. */
export const maxElite = (op: Operator, levels: LevelTable): number => Math.min((levels.maxLevel[op.star - 1]?.length ?? 1) - 1, op.elite.length)

/** The level cap of an elite phase for the operator's rarity (0 when the phase does not exist). */
export const levelCap = (op: Operator, levels: LevelTable, elite: number): number => levels.maxLevel[op.star - 1]?.[elite] ?? 0

/** The highest skill level the operator's skills can reach at an elite phase. */
export const maxSkillLevel = (op: Operator, elite: number): number => Math.min(1 + op.skills.length, elite === 0 ? 4 : 7)

const who = (op: Operator): string => `${op.name_i18n.en ?? op.name} (${op.id})`

const checkState = (op: Operator, levels: LevelTable, s: OperatorState, label: string): string | null => {
  const top = maxElite(op, levels)
  if (s.elite > top) {
    const phases = (levels.maxLevel[op.star - 1]?.length ?? 1) - 1
    if (s.elite <= phases) return `${label}: Elite ${s.elite} of ${who(op)} has no known cost yet (the data lists ${op.elite.length} promotions)`
    return `${label}: Elite ${s.elite} is not possible for ${who(op)}, a ${op.star}-star operator (at most Elite ${top})`
  }
  const cap = levelCap(op, levels, s.elite)
  if (s.level < 1 || s.level > cap) return `${label}: level ${s.level} is above the cap of Elite ${s.elite} (${cap}) for ${who(op)}`
  const skillCap = maxSkillLevel(op, s.elite)
  if (s.skill > skillCap) {
    if (op.skills.length === 0) return `${label}: ${who(op)} has no skills to level (skill must be 1)`
    if (s.elite === 0 && s.skill <= 1 + op.skills.length) return `${label}: skill level ${s.skill} needs Elite 1 (at most 4 at Elite 0)`
    return `${label}: skill level ${s.skill} is above ${skillCap} for ${who(op)}`
  }
  const masteries = s.masteries ?? []
  const mastered = masteries.findIndex((m) => m > 0)
  if (mastered >= 0 && op.masteries.length === 0) return `${label}: ${who(op)}, a ${op.star}-star operator, has no masteries`
  if (s.masteries !== undefined && masteries.length !== op.masteries.length)
    return `${label}: masteries has ${masteries.length} entries but ${who(op)} has ${op.masteries.length} skills to master`
  if (mastered >= 0) {
    const skillId = op.masteries[mastered]?.skillId ?? String(mastered + 1)
    if (s.elite < 2) return `${label}: a mastery (skill ${skillId}) needs Elite 2`
    if (s.skill < 7) return `${label}: a mastery (skill ${skillId}) needs skill level 7`
  }
  for (const [id, stage] of Object.entries(s.modules ?? {})) {
    if (!op.modules.some((m) => m.id === id)) return `${label}: ${who(op)} has no module ${id}`
    if (stage > 0 && s.elite < 2) return `${label}: module ${id} stage ${stage} needs Elite 2`
  }
  return null
}

/** Null when the game allows going from `from` to `to`; otherwise an English message naming what is impossible. */
export function checkOperatorGoal(op: Operator, levels: LevelTable, from: OperatorState, to: OperatorState): string | null {
  const bad = checkState(op, levels, from, 'from') ?? checkState(op, levels, to, 'to')
  if (bad !== null) return bad
  if (to.elite < from.elite || (to.elite === from.elite && to.level < from.level))
    return `target below start: Elite ${to.elite} level ${to.level} is below Elite ${from.elite} level ${from.level}`
  if (to.skill < from.skill) return `target below start: skill level ${to.skill} is below ${from.skill}`
  const fromM = from.masteries ?? []
  const toM = to.masteries ?? []
  for (let i = 0; i < op.masteries.length; i++) {
    const a = fromM[i] ?? 0
    const b = toM[i] ?? 0
    if (b < a) return `target below start: skill ${op.masteries[i]?.skillId} Mastery ${b} is below ${a}`
  }
  for (const [id, a] of Object.entries(from.modules ?? {})) {
    const b = to.modules?.[id] ?? 0
    if (b < a) return `target below start: module ${id} stage ${b} is below ${a}`
  }
  return null
}

const levelling = (op: Operator, levels: LevelTable, from: OperatorState, to: OperatorState): { lmd: number; exp: number } => {
  let lmd = 0
  let exp = 0
  for (let e = from.elite; e <= to.elite; e++) {
    const start = e === from.elite ? from.level : 1
    const end = e === to.elite ? to.level : levelCap(op, levels, e)
    for (let level = start; level < end; level++) {
      lmd += levels.lmd[e]?.[level - 1] ?? 0
      exp += levels.exp[e]?.[level - 1] ?? 0
    }
  }
  return { lmd, exp }
}

/**
 * Materials, LMD (levelling and promotions) and EXP (levelling) of raising `op` from `from` to `to`. It assumes a
 * goal `checkOperatorGoal` allows; ranges that are empty or reversed cost nothing.
 */
export function operatorGoalCost(op: Operator, levels: LevelTable, from: OperatorState, to: OperatorState): OperatorCost {
  const items: ItemCounts = {}
  const { lmd: levelLmd, exp } = levelling(op, levels, from, to)
  let lmd = levelLmd
  for (let e = from.elite; e < to.elite; e++) {
    add(items, op.elite[e])
    lmd += levels.eliteLmd[op.star - 1]?.[e] ?? 0
  }
  for (let s = from.skill; s < to.skill; s++) add(items, op.skills[s - 1])
  op.masteries.forEach((mastery, i) => {
    for (let m = from.masteries?.[i] ?? 0; m < (to.masteries?.[i] ?? 0); m++) add(items, mastery.costs[m])
  })
  for (const module of op.modules) {
    for (let stage = from.modules?.[module.id] ?? 0; stage < (to.modules?.[module.id] ?? 0); stage++) add(items, module.costs[stage])
  }
  return { items, lmd, exp }
}

/** Adds `cost` into `total` (for sums over several goals). */
export function addOperatorCost(total: OperatorCost, cost: OperatorCost): OperatorCost {
  add(total.items, cost.items)
  total.lmd += cost.lmd
  total.exp += cost.exp
  return total
}
