import { createPersistedStore } from '../../lib/persisted-store'
import { PLANNER_STORAGE_KEY, parsePlannerState } from './planner-state'

/** The planner state, persisted under the public client's key. */
export const plannerStore = createPersistedStore(PLANNER_STORAGE_KEY, parsePlannerState)
