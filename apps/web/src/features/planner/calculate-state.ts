import type { PlanSuccess } from '@dropwise/planner'

/** The planner calculation (spec 001 §4 "Planner calculation"): idle, then pending, then done or failed. */
export type Calculation = { status: 'idle' } | { status: 'pending'; key: string } | { status: 'done'; key: string; plan: PlanSuccess } | { status: 'failed'; key: string }

/**
 * What the Calculate button shows and whether it can be pressed:
 * - `loading`: the item list is not there yet, so there is no request;
 * - `empty`: nothing is needed and no EXP or LMD is asked for, so there is nothing to plan;
 * - `pending`: a calculation runs (the result dialog is open meanwhile);
 * - `done`: the shown result is for the counts and options on screen: disabled until they change;
 * - `failed`: the last calculation of these counts failed: it can be tried again;
 * - `idle`: ready to calculate.
 */
export type CalculateButtonState = 'loading' | 'empty' | 'pending' | 'done' | 'failed' | 'idle'

export const calculateButtonState = (calc: Calculation, requestKey: string | null, wantsAnything: boolean): CalculateButtonState => {
  if (calc.status === 'pending') return 'pending'
  if (requestKey === null) return 'loading'
  if (calc.status === 'done' && calc.key === requestKey) return 'done'
  if (!wantsAnything) return 'empty'
  if (calc.status === 'failed' && calc.key === requestKey) return 'failed'
  return 'idle'
}

/** Only `idle` and `failed` can be pressed. */
export const canCalculate = (state: CalculateButtonState) => state === 'idle' || state === 'failed'
