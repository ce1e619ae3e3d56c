import type { ParseKeys } from 'i18next'
import type { CalculateButtonState } from './calculate-state'

/** What the Calculate button reads in each state. */
export const CALCULATE_LABELS: Record<CalculateButtonState, ParseKeys> = {
  loading: 'planner.actions.calculate',
  empty: 'planner.actions.calculate',
  pending: 'planner.actions.calculating',
  done: 'planner.actions.calculated',
  failed: 'planner.actions.calculate',
  idle: 'planner.actions.calculate',
}

/** The line under the Calculate button: why it can or cannot be pressed now. */
export const CALCULATE_HINTS: Record<CalculateButtonState, ParseKeys> = {
  loading: 'planner.calculateState.loading',
  empty: 'planner.calculateState.empty',
  pending: 'planner.calculateState.pending',
  done: 'planner.calculateState.done',
  failed: 'planner.calculateState.failed',
  idle: 'planner.calculateState.idle',
}
