import { COUNTED_EXP_CARDS, EXP_ID, FARM_STAGE_CODE, HIDDEN_STAGE_CODE, LMD_ID, VALUE_SKIPPED_NAME_PARTS, VALUE_SKIPPED_NAMES } from './constants'
import { obtainableRows } from './explain'
import type { BuiltLp, ItemRow, PreparedModel, StageColumn } from './lp-model'
import type { PlannerLang, PlanPurchase, PlanStage, PlanSynthesis, PlanValueLevel } from './types'

/**
 * `x` with `digits` decimals like Python's `'%.Nf' % x`: the exact binary value is rounded, and
 * exact ties go to the even digit (JavaScript's `toFixed` sends them up). For x ≥ 0.
 */
export const toFixedPy = (x: number, digits: number): string => {
  const dyadic = x * 2 ** (digits + 1)
  if (x >= 0 && Number.isInteger(dyadic) && dyadic < 2 ** 40) {
    const twice = dyadic * 5 ** digits // = 2·x·10^digits, exact
    if (twice % 2 === 1) {
      const down = (twice - 1) / 2
      const even = down % 2 === 0 ? down : down + 1
      return (even / 10 ** digits).toFixed(digits)
    }
  }
  return x.toFixed(digits)
}

/** ArkPlanner's count format: `%.1f` below 1, otherwise `int(x + 0.5)`. */
export const formatCount = (x: number): string => (x < 1 ? toFixedPy(x, 1) : String(Math.trunc(x + 0.5)))

/** A craft count: `int(t + 0.9)`. */
export const formatCraftCount = (t: number): string => String(Math.trunc(t + 0.9))

/** An item value: `%.2f` above 0.1, else `%.5f`. */
export const formatValue = (y: number): string => (y > 0.1 ? toFixedPy(y, 2) : toFixedPy(y, 5))

/** Runs and crafts below this are not listed. */
export const MIN_LISTED = 0.1
/** Drops per run at or below this are not listed under a stage. */
export const MIN_LISTED_DROP_RATE = 0.02

/** Name of an item in the output language (`id` prints the id). */
export const itemLabel = (row: ItemRow, lang: PlannerLang): string => (lang === 'id' ? row.itemId : (row.names[lang] ?? row.zhName))

const stageLabel = (stage: StageColumn, lang: PlannerLang): string => (lang === 'id' ? stage.stageId : (stage.codes[lang] ?? stage.code))

/** The formatted part of a successful plan. */
export interface FormattedPlan {
  cost: number
  gcost: number
  gold: number
  exp: number
  stages: PlanStage[]
  syntheses: PlanSynthesis[]
  values: PlanValueLevel[]
  purchases?: PlanPurchase[]
}

/**
 * Formats an optimal solution as ArkPlanner's response (planner-model.md, "Output" and
 * "Values by level").
 */
export const formatPlan = (model: PreparedModel, lp: BuiltLp, x: Float64Array, y: Float64Array, lang: PlannerLang): FormattedPlan => {
  const rows = model.rows
  const label = (rowIdx: number): string => {
    const row = rows[rowIdx]
    return row ? itemLabel(row, lang) : String(rowIdx)
  }
  const expCardRows = COUNTED_EXP_CARDS.map(([id, points]) => [model.rowIndex.get(id), points] as const)

  let cost = 0
  let gold = 0
  let exp = 0
  let gcost = 0
  const stages: PlanStage[] = []
  const syntheses: PlanSynthesis[] = []
  const purchases: PlanPurchase[] = []
  // A goals plan lists every run (supply stages too) and counts them all: the player has to do them.
  const goals = model.goals === true
  lp.columns.forEach((col, j) => {
    const t = x[j] ?? 0
    if (col.kind === 'stage') {
      const dropOf = (row: number | undefined): number => {
        if (row === undefined) return 0
        const k = col.drops.rows.indexOf(row)
        return k < 0 ? 0 : (col.drops.values[k] ?? 0)
      }
      const listed = t >= MIN_LISTED
      // LS/CE runs are LMD/exp farming, not material farming: leave them out of the totals.
      if (listed && !goals && FARM_STAGE_CODE.test(col.code)) return
      cost += t * col.apCost
      gold += t * dropOf(model.lmdRow)
      for (const [row, points] of expCardRows) exp += t * points * dropOf(row)
      if (!listed || (!goals && HIDDEN_STAGE_CODE.test(col.code))) return
      const items: Record<string, string> = {}
      col.drops.rows.forEach((row, k) => {
        const rate = col.drops.values[k] ?? 0
        const id = rows[row]?.itemId ?? ''
        const shown = goals ? row !== model.lmdRow && row !== model.expRow : id.length === 5
        if (rate > MIN_LISTED_DROP_RATE && shown && id !== 'furni') items[label(row)] = formatCount(rate * t)
      })
      stages.push({ stage: stageLabel(col, lang), count: formatCount(t), items })
      return
    }
    if (col.kind === 'store') {
      const target = model.rowIndex.get(col.targetId)
      // Whole items: the LP's 2.0000000001 is 2, its 2.3 is 3.
      const count = Math.ceil(t - 1e-6)
      if (count > 0) purchases.push({ item: target === undefined ? col.targetId : label(target), count })
      return
    }
    if (col.kind === 'formula') gcost += t * col.goldCost
    if (t < MIN_LISTED || col.targetId === EXP_ID || col.targetId === LMD_ID) return
    const target = model.rowIndex.get(col.targetId)
    const materials: Record<string, string> = {}
    for (const [id, count] of col.materials) {
      const row = model.rowIndex.get(id)
      materials[row === undefined ? id : label(row)] = toFixedPy(count * t, 1)
    }
    syntheses.push({ target: target === undefined ? col.targetId : label(target), count: formatCraftCount(t), materials })
  })

  return {
    cost: Math.trunc(cost),
    gcost: Math.trunc(gcost),
    gold: Math.trunc(gold),
    exp: Math.trunc(exp),
    stages,
    syntheses,
    values: formatValues(rows, y, lang, obtainableRows(lp)),
    ...(goals ? { purchases } : {}),
  }
}

/** Rarity level (1–5) an item's value is listed under, or undefined when it is not listed. */
export const valueLevel = (row: ItemRow): number | undefined => {
  const id = row.itemId
  if (id.length !== 5) return undefined
  if (VALUE_SKIPPED_NAMES.has(row.zhName) || VALUE_SKIPPED_NAME_PARTS.some((part) => row.zhName.includes(part))) {
    return undefined
  }
  const level = Number(id[4])
  return level >= 1 && level <= 5 ? level : undefined
}

/** Duals closer to 0 than this are 0 (a vertex solver can return −1e-17 for a free item). */
const DUAL_ZERO = 1e-12

/**
 * Item values by level, 5 → 1, each sorted high to low. With `obtainable`, items the LP cannot
 * produce at all (e.g. event materials with no open stage) are left out.
 */
export const formatValues = (rows: readonly ItemRow[], y: Float64Array, lang: PlannerLang, obtainable?: Uint8Array): PlanValueLevel[] => {
  const levels: { name: string; value: string; sort: number }[][] = [[], [], [], [], []]
  rows.forEach((row, i) => {
    if (obtainable && !obtainable[i]) return
    let value = y[i] ?? 0
    if (Math.abs(value) < DUAL_ZERO) value = 0
    if (!(value >= 0)) return
    const level = valueLevel(row)
    if (level === undefined) return
    const text = formatValue(value)
    levels[level - 1]?.push({ name: itemLabel(row, lang), value: text, sort: Number(text) })
  })
  return levels
    .map((items, i) => ({
      level: String(i + 1),
      items: items.sort((a, b) => b.sort - a.sort).map(({ name, value }) => ({ name, value })),
    }))
    .reverse()
}
