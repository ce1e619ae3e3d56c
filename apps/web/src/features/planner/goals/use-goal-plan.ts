import type { PlanSuccess } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useStore } from '../../../lib/persisted-store'
import { buildPlanRequest } from '../plan-request'
import { plannerStore } from '../planner-store'
import { fetchPlannerData, usePlannerEngine } from '../use-planner-engine'
import { CHIP_CATALYST_ID, forecastPlanFromResult, GOAL_FORECAST_CRAFTS, type ForecastInput } from '@dropwise/planner'
import { EXP_POINTS_ID, LMD_ID } from '../planner-state'
import type { plannerCounts } from './plan-counts'
import type { GoalOptions } from './projects'
import { useForecast } from './use-forecast'

export type PlanState = 'none' | 'loading' | 'ready' | 'failed'

/**
 * What is left to farm, planned in the browser as on the planner page (its engine, with the planner's own options
 * and exclusions, so "plan the rest" shows the same plan), and the finish forecast of that plan.
 */
export const useGoalPlan = ({
  server,
  counts,
  offered,
  ready,
  missing,
  options,
}: {
  server: Server
  counts: ReturnType<typeof plannerCounts> | null
  offered: ReadonlySet<string>
  /** The item list is loaded (the request leaves out what the server does not offer). */
  ready: boolean
  /** Something the planner plans is still missing. */
  missing: boolean
  options: GoalOptions
}) => {
  const planner = useStore(plannerStore)
  const request = useMemo(
    () => (counts && ready && missing ? buildPlanRequest({ items: counts.counts, options: planner.options, excludes: planner.excludes, server }, server, offered) : null),
    [counts, ready, missing, planner.options, planner.excludes, server, offered],
  )
  const engine = usePlannerEngine(server, request)
  const source = useQuery({
    queryKey: ['planner-source', server],
    queryFn: ({ signal }) => fetchPlannerData(server, signal),
    staleTime: 10 * 60_000,
    retry: 1,
    enabled: request !== null,
  })
  const live = engine.live?.response
  const plan: PlanSuccess | null = live && !live.error ? live : null
  const planState: PlanState = request === null ? 'none' : engine.status === 'failed' || (live && live.error) ? 'failed' : plan ? 'ready' : 'loading'
  // The Chip Catalysts the plan buys: no stage drops them, the player buys them in the store.
  const purchases = (plan?.purchases ?? []).reduce((n, p) => (p.item === CHIP_CATALYST_ID ? n + p.count : n), 0)
  const forecastKey = plan && counts ? JSON.stringify([engine.live?.key, options]) : null
  const forecast = useForecast(forecastKey, () => {
    if (!plan || !counts || !source.data) return null
    // The plan's every run counts (a goals plan lists the CA, PR, CE and LS runs too); its materials are the needs
    // (LMD and EXP are not items: the runs that make them are in the plan's sanity), the catalysts bought are stock.
    const items = counts.counts.filter((c) => c.id !== LMD_ID && c.id !== EXP_POINTS_ID)
    const stock = Object.fromEntries(items.filter((c) => c.have > 0).map((c) => [c.id, c.have]))
    if (purchases > 0) stock[CHIP_CATALYST_ID] = (stock[CHIP_CATALYST_ID] ?? 0) + purchases
    const input: ForecastInput = {
      plan: forecastPlanFromResult(plan, source.data.stages),
      rates: source.data.matrix,
      needs: Object.fromEntries(items.filter((c) => c.need > 0).map((c) => [c.id, c.need])),
      stock,
      formulas: [...source.data.formulas, ...GOAL_FORECAST_CRAFTS],
      dailySanity: options.dailySanity,
      potionsPerDay: options.potionsPerDay,
      primePerDay: options.primePerDay,
      start: Date.now(),
      now: source.data.now,
    }
    return input
  })
  return { planState, forecast, purchases }
}
