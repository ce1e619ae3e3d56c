import type { PlanSynthesis } from '@dropwise/planner'
import { countOf, setCount, type PlannerState } from './planner-state'

/** A material the player does not have enough of for a craft (spec 001 §5 "Crafting"). */
export interface CraftShortage {
  itemId: string
  /** Amount the craft consumes, as the plan gives it. */
  need: number
  have: number
}

/** Materials of a synthesis as numbers (`materials` holds `%.1f` texts). */
export const craftMaterials = (synthesis: PlanSynthesis): [string, number][] =>
  Object.entries(synthesis.materials).map(([id, amount]) => [id, Number.parseFloat(amount) || 0])

/** Stock check: every material must be owned at least in the amount the plan consumes. */
export const craftShortages = (state: PlannerState, synthesis: PlanSynthesis): CraftShortage[] =>
  craftMaterials(synthesis)
    .map(([itemId, need]) => ({ itemId, need, have: countOf(state, itemId).have }))
    .filter((m) => m.have < m.need)

/**
 * Crafts inside the plan (web-reference row 116): deducts the rounded-up amount of each material
 * from what is owned and adds the crafted count to the product. `null` when stock is short.
 */
export const applyCraft = (state: PlannerState, synthesis: PlanSynthesis): PlannerState | null => {
  if (craftShortages(state, synthesis).length > 0) return null
  let next = state
  for (const [itemId, amount] of craftMaterials(synthesis)) {
    const { have } = countOf(next, itemId)
    next = setCount(next, itemId, { have: Math.max(0, have - Math.ceil(amount)) })
  }
  const crafted = Number.parseInt(synthesis.count, 10) || 0
  const { have } = countOf(next, synthesis.target)
  return setCount(next, synthesis.target, { have: have + crafted })
}
