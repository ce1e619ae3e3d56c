import { createPersistedStore, type Store } from '../../lib/persisted-store'
import { dataSourceStore } from '../../lib/state'
import { PLANNER_STORAGE_KEY, parsePlannerState, type PlannerState } from './planner-state'

const stored = createPersistedStore(PLANNER_STORAGE_KEY, parsePlannerState)

/**
 * The planner state, persisted under the public client's key. The server a plan is made on (a later
 * switch clears its exclusions, planner-page.tsx) is recorded with the plan's first change, not when the
 * page opens: a visit that plans nothing stores nothing, so the next visit's /planner still arrives
 * pre-rendered (index.html draws a stored plan afresh), and the page does not render again as it hydrates.
 */
export const plannerStore: Store<PlannerState> = {
  ...stored,
  set: (update) =>
    stored.set((s) => {
      const next = typeof update === 'function' ? update(s) : { ...s, ...update }
      return next.server === null ? { ...next, server: dataSourceStore.get().server } : next
    }),
}
