import type { PlanRequest } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import type { PlannerState } from './planner-state'

/**
 * The ArkPlanner request for a state (web-reference §2.9): `required`/`owned` by item id with
 * zeros left out, the options as `extra_outc`/`exp_demand`/`gold_demand`, ids in and out, the
 * server, and `exclude` only when there is something to exclude. Items the current item list does
 * not offer (`offered`) are left out, so a count kept from another server never breaks a plan.
 */
export const buildPlanRequest = (state: PlannerState, server: Server, offered: ReadonlySet<string>): PlanRequest => {
  const required: Record<string, number> = {}
  const owned: Record<string, number> = {}
  for (const { id, have, need } of state.items) {
    if (!offered.has(id)) continue
    if (need > 0) required[id] = need
    if (have > 0) owned[id] = have
  }
  return {
    required,
    owned,
    extra_outc: state.options.byProduct,
    exp_demand: state.options.requireExp,
    gold_demand: state.options.requireLmb,
    input_lang: 'id',
    output_lang: 'id',
    server,
    ...(state.excludes.length > 0 ? { exclude: [...state.excludes] } : {}),
  }
}

/** Whether a request asks for anything (otherwise there is nothing to plan). */
export const wantsAnything = (request: PlanRequest): boolean =>
  Object.keys(request.required ?? {}).length > 0 || request.exp_demand === true || request.gold_demand === true
