import type { PlannerFormula, PlanSynthesis } from '@dropwise/planner'
import { countOf, setCount, type PlannerState } from './planner-state'

/** One material of a craft in whole items. */
export interface CraftMaterial {
  itemId: string
  /** Whole items the crafts consume. */
  count: number
  /** Amount the plan gives (`%.1f` in the plan, so possibly fractional). */
  planned: number
}

/**
 * A synthesis of the plan as it can be done in the game: whole crafts, each consuming whole items.
 * The plan's LP may use a fraction of a craft (1.3 Orirock Clusters); nobody can craft that, so
 * the crafts are rounded up and the materials follow the recipe for that many crafts.
 */
export interface WholeCraft {
  target: string
  /** Whole crafts to do, ≥ 1: the plan's crafts rounded up. */
  crafts: number
  /** Crafts the plan uses, as far as its one-decimal amounts tell. */
  planned: number
  /** Whether rounding changed a number (crafts or any material) from what the plan gives. */
  rounded: boolean
  materials: CraftMaterial[]
}

/** Below this a difference is floating-point noise of the plan's decimal texts. */
const EPSILON = 1e-9
const ceilClean = (x: number) => Math.ceil(x - EPSILON)

/**
 * Whole crafts of a synthesis. With the recipe (`formula.costs`, items per craft), the plan's
 * crafts are read from the material with the most items per craft (its `%.1f` amount is the most
 * precise), rounded up, and every material is crafts × recipe. Without it, the plan's own craft
 * count is used and each material amount is rounded up.
 */
export const wholeCraft = (synthesis: PlanSynthesis, formula?: Pick<PlannerFormula, 'costs'>): WholeCraft => {
  const amounts = Object.entries(synthesis.materials).map(([itemId, text]) => [itemId, Number.parseFloat(text) || 0] as const)
  const listed = Number.parseInt(synthesis.count, 10) || 0
  const perCraft = new Map((formula?.costs ?? []).filter((c) => c.count > 0).map((c) => [c.id, c.count]))
  const reference = amounts.filter(([id]) => perCraft.has(id)).sort((a, b) => (perCraft.get(b[0]) ?? 0) - (perCraft.get(a[0]) ?? 0))[0]
  const planned = reference ? reference[1] / (perCraft.get(reference[0]) ?? 1) : listed
  const crafts = Math.max(1, listed, ceilClean(planned))
  const materials = amounts.map(([itemId, amount]) => {
    const per = perCraft.get(itemId)
    return { itemId, count: per === undefined ? ceilClean(amount) : crafts * per, planned: amount }
  })
  const rounded = Math.abs(planned - crafts) > 1e-6 || materials.some((m) => Math.abs(m.count - m.planned) > 1e-6)
  return { target: synthesis.target, crafts, planned, rounded, materials }
}

/** A material the player does not have enough of for a craft (spec 001 §5 "Crafting"). */
export interface CraftShortage {
  itemId: string
  /** Whole items the crafts consume. */
  need: number
  have: number
}

/** Stock check: every material must be owned in the whole amount the crafts consume. */
export const craftShortages = (state: PlannerState, craft: WholeCraft): CraftShortage[] =>
  craft.materials.map((m) => ({ itemId: m.itemId, need: m.count, have: countOf(state, m.itemId).have })).filter((m) => m.have < m.need)

/**
 * What the stock lacks for all the crafts of a plan, said once (issue 38 §8): per material, the whole
 * items every craft of the list consumes together against what is owned, in the order the materials
 * first appear. Empty when every craft can be done.
 */
export const craftsShortage = (state: PlannerState, crafts: readonly WholeCraft[]): CraftShortage[] => {
  const need = new Map<string, number>()
  for (const c of crafts) for (const m of c.materials) need.set(m.itemId, (need.get(m.itemId) ?? 0) + m.count)
  return [...need].map(([itemId, count]) => ({ itemId, need: count, have: countOf(state, itemId).have })).filter((m) => m.have < m.need)
}

/**
 * Crafts inside the plan (spec 001 §4 "Crafting inside the plan"): deducts the whole amount of each
 * material from what is owned and adds the crafts to the product. `null` when stock is short.
 */
export const applyCraft = (state: PlannerState, craft: WholeCraft): PlannerState | null => {
  if (craftShortages(state, craft).length > 0) return null
  let next = state
  for (const m of craft.materials) next = setCount(next, m.itemId, { have: Math.max(0, countOf(next, m.itemId).have - m.count) })
  return setCount(next, craft.target, { have: countOf(next, craft.target).have + craft.crafts })
}
