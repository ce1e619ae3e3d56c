import type { PlanStage } from '@dropwise/planner'
import { UNKNOWN_AP_COST } from '@dropwise/stats'

/** Below this a difference is floating-point noise of the plan's decimal texts. */
const EPSILON = 1e-9

/**
 * Runs of a listed stage as the plan shows them: whole runs, the plan's count rounded up (the planner
 * lists fewer than one run with one decimal, "0.3": that is one run to make).
 */
export const shownRuns = (stage: Pick<PlanStage, 'count'>): number => Math.max(1, Math.ceil((Number.parseFloat(stage.count) || 0) - EPSILON))

/**
 * The sanity the plan's header shows: Σ shown runs × stage cost over the listed stages, so that the
 * header is what the runs below it add up to (the planner's own `cost` sums fractional runs, and
 * counts stages run under 0.1 times that are not listed). `null` when a listed stage's cost is unknown;
 * the caller then shows the planner's figure.
 */
export const shownSanity = (stages: readonly Pick<PlanStage, 'stage' | 'count'>[], apCost: (stageId: string) => number | undefined): number | null => {
  let total = 0
  for (const s of stages) {
    const cost = apCost(s.stage)
    if (cost === undefined || cost === UNKNOWN_AP_COST || !(cost >= 0)) return null
    total += shownRuns(s) * cost
  }
  return total
}
