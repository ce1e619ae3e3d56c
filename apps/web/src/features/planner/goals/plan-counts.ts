import type { OperatorCost } from '@dropwise/planner'
import { EXP_POINTS_ID, GOAL_ITEM_IDS } from '../planner-state'
import { LMD_ID, missingLmdExp, needRows, type NeedRow } from './goal-model'

/** One count for the planner: what is needed and what the stock holds. */
export interface PlanCount {
  id: string
  need: number
  have: number
}

/**
 * The planner's counts for "plan the rest" (a goals plan, `goals: true`): each item the goals need that the planner
 * plans (its own items, `offered`, and a goals plan's: Skill Summaries, chips, dual chips, the Chip Catalyst), with
 * the stock as what the player has (the planner subtracts it, and crafts from what is left of it); the stock of the
 * other items it plans too (battle records included: a goals plan counts them at their EXP); LMD (`4001`) and EXP
 * points (`0010`) as two counts, which the request sends as `gold_demand`/`exp_demand` numbers. `notPlanned` is what
 * no plan can make (module tokens, items the planner does not know), still missing.
 */
export const plannerCounts = (
  total: Pick<OperatorCost, 'items'> & Partial<Pick<OperatorCost, 'lmd' | 'exp'>>,
  stock: Readonly<Record<string, number>>,
  offered: ReadonlySet<string>,
): { counts: PlanCount[]; notPlanned: NeedRow[] } => {
  const plans = (id: string) => offered.has(id) || GOAL_ITEM_IDS.has(id)
  const counts = new Map<string, PlanCount>()
  for (const [id, need] of Object.entries(total.items)) if (need > 0 && plans(id)) counts.set(id, { id, need, have: stock[id] ?? 0 })
  for (const [id, have] of Object.entries(stock)) if (have > 0 && plans(id) && !counts.has(id)) counts.set(id, { id, need: 0, have })
  if ((total.lmd ?? 0) > 0 || (stock[LMD_ID] ?? 0) > 0) counts.set(LMD_ID, { id: LMD_ID, need: total.lmd ?? 0, have: stock[LMD_ID] ?? 0 })
  if ((total.exp ?? 0) > 0) counts.set(EXP_POINTS_ID, { id: EXP_POINTS_ID, need: total.exp ?? 0, have: 0 })
  const { materials, tokens } = needRows(total.items, stock)
  const notPlanned = [...materials.filter((r) => !plans(r.id)), ...tokens].filter((r) => r.missing > 0)
  return { counts: [...counts.values()], notPlanned }
}

/** Whether anything the planner plans is still missing: a material short, LMD short, or EXP beyond the battle records in stock. */
export const planMissing = (counts: readonly PlanCount[], total: OperatorCost, stock: Readonly<Record<string, number>>): boolean =>
  counts.some((c) => (c.id === EXP_POINTS_ID ? missingLmdExp(total, stock).exp.missing > 0 : c.need > c.have))
