import type { PlanRequest } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import { countOf, EXP_POINTS_ID, GOAL_ITEM_IDS, isGoalsPlan, LMD_ID, type PlannerState } from './planner-state'

/**
 * The ArkPlanner request for a state (web-reference §2.9): `required`/`owned` by item id with
 * zeros left out, the options as `extra_outc`/`exp_demand`/`gold_demand`, ids in and out, the
 * server, and `exclude` only when there is something to exclude. Items the current item list does
 * not offer (`offered`) are left out, so a count kept from another server never breaks a plan.
 *
 * A state that needs Skill Summaries, chips, LMD or EXP (the Goals page's "plan the rest") is a goals plan
 * (`goals: true`): those items and the battle records in stock go along, LMD and EXP as `gold_demand`/`exp_demand`
 * numbers (the LMD in stock as owned `4001`), whatever the options that value them say.
 */
export const buildPlanRequest = (state: PlannerState, server: Server, offered: ReadonlySet<string>): PlanRequest => {
  const goals = isGoalsPlan(state)
  const required: Record<string, number> = {}
  const owned: Record<string, number> = {}
  for (const { id, have, need } of state.items) {
    if (!offered.has(id) && !(goals && GOAL_ITEM_IDS.has(id))) continue
    if (need > 0) required[id] = need
    if (have > 0) owned[id] = have
  }
  const lmd = countOf(state, LMD_ID)
  const exp = countOf(state, EXP_POINTS_ID)
  if (goals && lmd.have > 0) owned[LMD_ID] = lmd.have
  // A goals plan farms the LMD and EXP it needs; valuing them (the options' 1e9) would list 100 000 CE and LS runs.
  const demand = (flag: boolean, need: number): boolean | number => (!goals ? flag : need > 0 ? need : false)
  return {
    required,
    owned,
    extra_outc: state.options.byProduct,
    exp_demand: demand(state.options.requireExp, exp.need),
    gold_demand: demand(state.options.requireLmb, lmd.need),
    input_lang: 'id',
    output_lang: 'id',
    server,
    ...(state.excludes.length > 0 ? { exclude: [...state.excludes] } : {}),
    ...(goals ? { goals: true } : {}),
  }
}

/** Whether a request asks for anything (otherwise there is nothing to plan). */
export const wantsAnything = (request: PlanRequest): boolean =>
  Object.keys(request.required ?? {}).length > 0 ||
  request.exp_demand === true ||
  request.gold_demand === true ||
  (typeof request.exp_demand === 'number' && request.exp_demand > 0) ||
  (typeof request.gold_demand === 'number' && request.gold_demand > 0)
