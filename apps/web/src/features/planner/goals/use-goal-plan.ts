import type { PlanSuccess } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useStore } from '../../../lib/persisted-store'
import { buildPlanRequest } from '../plan-request'
import { plannerStore } from '../planner-store'
import { fetchPlannerData, usePlannerEngine } from '../use-planner-engine'
import { forecastPlanFromResult, type ForecastInput } from '@dropwise/planner'
import type { plannerCounts } from './goal-model'
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
  const forecastKey = plan && counts ? JSON.stringify([engine.live?.key, options]) : null
  const forecast = useForecast(forecastKey, () => {
    if (!plan || !counts || !source.data) return null
    const input: ForecastInput = {
      plan: forecastPlanFromResult(plan, source.data.stages),
      rates: source.data.matrix,
      needs: Object.fromEntries(counts.counts.filter((c) => c.need > 0).map((c) => [c.id, c.need])),
      stock: Object.fromEntries(counts.counts.filter((c) => c.have > 0).map((c) => [c.id, c.have])),
      formulas: source.data.formulas,
      dailySanity: options.dailySanity,
      potionsPerDay: options.potionsPerDay,
      primePerDay: options.primePerDay,
      start: Date.now(),
      now: source.data.now,
    }
    return input
  })
  return { planState, forecast }
}
