import type { CraftColumn, PreparedModel } from './lp-model'
import { prepareModel } from './lp-model'
import type { PlannerData, PlannerFormula, PlannerItem, Server } from './types'

/**
 * A goals plan (request option `goals: true`): the LP of the planner plus what the game lets a player make of the
 * items an operator goal needs that Penguin's `/formula` leaves out, so Skill Summaries and chips are planned too.
 * ArkPlanner's LP is not changed: a goals plan is a model of its own.
 *
 * - Workshop: Skill Summary 2 from 3 × Skill Summary 1, 3 from 3 × 2; 3 chips (or chip packs) of one class make 2 of
 *   its paired class (Vanguard–Supporter, Guard–Specialist, Defender–Medic, Sniper–Caster). No LMD.
 * - Factory: a dual chip from 2 chip packs of its class and 1 Chip Catalyst (32001).
 * - Chip Catalysts drop nowhere; the store sells them. The plan buys what the stock lacks (a store column at a
 *   token cost, so owned catalysts go first) and says how many in `purchases`.
 */

/** Chip Catalyst (芯片助剂): needed by every dual chip, sold in the store, dropped nowhere. */
export const CHIP_CATALYST_ID = '32001'

/** Chip classes by the digit of their ids (32c1 chip, 32c2 pack, 32c3 dual chip) and the class each converts to. */
const CHIP_PAIRS: readonly (readonly [number, number])[] = [
  [1, 7],
  [2, 8],
  [3, 6],
  [4, 5],
]
const CLASS_NAMES: Readonly<Record<number, { zh: string; en: string }>> = {
  1: { zh: '先锋', en: 'Vanguard' },
  2: { zh: '近卫', en: 'Guard' },
  3: { zh: '重装', en: 'Defender' },
  4: { zh: '狙击', en: 'Sniper' },
  5: { zh: '术师', en: 'Caster' },
  6: { zh: '医疗', en: 'Medic' },
  7: { zh: '辅助', en: 'Supporter' },
  8: { zh: '特种', en: 'Specialist' },
}

const craft = (id: string, costs: [string, number][], count = 1): PlannerFormula => ({
  id,
  goldCost: 0,
  count,
  costs: costs.map(([cost, n]) => ({ id: cost, count: n })),
  extraOutcome: [],
})

/** The crafts of a goals plan beyond Penguin's formulas, in the `/formula` shape (`count`: items per craft). */
export const GOAL_CRAFTS: readonly PlannerFormula[] = [
  craft('3302', [['3301', 3]]),
  craft('3303', [['3302', 3]]),
  ...CHIP_PAIRS.flatMap(([a, b]) => [1, 2].flatMap((tier) => [craft(`32${b}${tier}`, [[`32${a}${tier}`, 3]], 2), craft(`32${a}${tier}`, [[`32${b}${tier}`, 3]], 2)])),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((c) =>
    craft(`32${c}3`, [
      [`32${c}2`, 2],
      [CHIP_CATALYST_ID, 1],
    ]),
  ),
]

/**
 * The goal crafts the finish forecast follows (`ForecastInput.formulas`, beside `/formula`): those that make one item
 * (Skill Summaries, dual chips). The chip conversions make two and run both ways; the forecast leaves them out,
 * which can only make it later.
 */
export const GOAL_FORECAST_CRAFTS: readonly PlannerFormula[] = GOAL_CRAFTS.filter((f) => (f.count ?? 1) === 1)

/** Items of a goals plan that `/items` may lack (dual chips, the catalyst), with their names. */
export const GOAL_EXTRA_ITEMS: readonly PlannerItem[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((c) => {
    const names = CLASS_NAMES[c] ?? { zh: String(c), en: String(c) }
    return { itemId: `32${c}3`, name: `${names.zh}双芯片`, name_i18n: { zh: `${names.zh}双芯片`, en: `${names.en} Dual-chip` } }
  }),
  { itemId: CHIP_CATALYST_ID, name: '芯片助剂', name_i18n: { zh: '芯片助剂', en: 'Chip Catalyst' } },
]

/** Every item id a goals plan plans beyond what ArkPlanner's LP can make: Skill Summaries, chips, packs, dual chips, the catalyst. */
export const GOAL_PLAN_ITEM_IDS: readonly string[] = [...new Set([...GOAL_CRAFTS.flatMap((f) => [f.id, ...f.costs.map((c) => c.id)]), CHIP_CATALYST_ID])].sort()

/** The goals-plan model of one server: ArkPlanner's rows and columns, the goal crafts, and the store's catalysts. */
export const prepareGoalModel = (data: PlannerData, server: Server): PreparedModel => {
  const known = new Set(data.items.map((i) => i.itemId))
  const model = prepareModel(
    { ...data, items: [...data.items, ...GOAL_EXTRA_ITEMS.filter((i) => !known.has(i.itemId))], formulas: [...data.formulas, ...GOAL_CRAFTS] },
    server,
  )
  const row = model.rowIndex.get(CHIP_CATALYST_ID)
  const store: CraftColumn[] =
    row === undefined
      ? []
      : [{ kind: 'store', targetId: CHIP_CATALYST_ID, goldCost: 0, materials: [], base: { rows: [row], values: [1] }, byproducts: { rows: [], values: [] } }]
  return { ...model, goals: true, store }
}
