import { EXP_ID, MIN_TIMES } from './constants'
import { obtainableRows } from './explain'
import type { BuiltLp, PreparedModel } from './lp-model'
import type { LpSolution } from './solve'
import type { PlannerMatrixElement } from './types'

/** Exp cards (基础/初级/中级/高级作战记录): their value is the EXP part of a stage's efficiency. */
export const EXP_CARD_IDS: ReadonlySet<string> = new Set(['2001', '2002', '2003', '2004'])

/** z of a two-sided 95 % normal interval. */
export const Z95 = 1.959963984540054

/**
 * A figure is "too wide to rank on" when its 95 % interval reaches further than this share of the
 * figure on either side (e.g. 0.95 ± 0.12).
 */
export const RANKABLE_HALF_WIDTH = 0.1

/** Duals closer to 0 than this are 0. */
const DUAL_ZERO = 1e-12

/** The sanity value of one unit of an item (the LP dual of its row). */
export interface ItemValue {
  itemId: string
  value: number
}

/** One drop of a stage, with what a unit of it costs in sanity there. */
export interface StageDrop {
  itemId: string
  /** Expected units per run. */
  perRun: number
  /** Runs behind the rate; null for drops the model fixes (LMD, LS-6 exp cards). */
  times: number | null
  /** Sanity per unit when farming this stage for this item alone (apCost / perRun). */
  sanityPerItem: number
  /** 95 % interval of sanityPerItem from the drop-rate uncertainty; hi null when unbounded. */
  interval: [number, number | null]
  /** The interval is too wide to rank stages on. */
  wide: boolean
}

/** How much of its sanity a stage returns in item value, split into parts. */
export interface StageEfficiency {
  stageId: string
  apCost: number
  /** Σ(drops per run × item value) / apCost; ≤ 1 by LP duality, 1 for stages the LP uses. */
  efficiency: number
  /** 95 % interval of `efficiency` from the drop-rate uncertainty (values held fixed). */
  interval: [number, number]
  parts: { material: number; lmd: number; exp: number }
  /** The LP's optimum runs this stage. */
  used: boolean
  wide: boolean
  drops: StageDrop[]
}

/**
 * One workshop formula at the values: what one crafted unit costs when its materials and LMD are paid at
 * their own values. By LP duality it is never below the product's value, and equal to it for a craft the
 * optimum uses.
 */
export interface CraftCost {
  /** The crafted item. */
  itemId: string
  /** Σ(material count × value) + LMD × its value (+ the LP's tiny craft cost), less the by-products' worth when they count. */
  sanityPerItem: number
  /** LMD per craft. */
  goldCost: number
  /** Materials per craft, LMD excluded. */
  materials: { itemId: string; count: number }[]
  /** The LP's optimum crafts it. */
  used: boolean
}

/** Item values and stage efficiency of one server. */
export interface Valuation {
  values: ItemValue[]
  valueLmd: number
  valueExp: number
  stages: StageEfficiency[]
  /** Every formula whose product has a value above 0. */
  crafts: CraftCost[]
}

/** Sampling statistics of one (stage, item) matrix row: runs and the standard deviation of the per-run count. */
export type DropStats = ReadonlyMap<string, { times: number; stdDev: number; rate: number }>

/** The (stage, item) rows of the matrix the model used (times ≥ 200, period still open), with their spread. */
export const dropStats = (matrix: readonly (PlannerMatrixElement & { stdDev?: number })[], now: number | undefined): DropStats => {
  const stats = new Map<string, { times: number; stdDev: number; rate: number }>()
  for (const e of matrix) {
    if (e.times < MIN_TIMES) continue
    if (e.end !== null && (now === undefined || e.end <= now)) continue
    const p = e.quantity / e.times
    // Without a measured spread, a 0/1 drop's binomial spread (a lower bound for multi-unit drops).
    const stdDev = typeof e.stdDev === 'number' && Number.isFinite(e.stdDev) ? e.stdDev : Math.sqrt(Math.max(0, p * (1 - p)))
    stats.set(`${e.stageId}|${e.itemId}`, { times: e.times, stdDev, rate: p })
  }
  return stats
}

/**
 * Values and efficiency from one optimal solve (primal `x` from the simplex, values `y` as the planner
 * lists them). Efficiency uses the same `y`, so by duality no stage exceeds 1 and the stages the LP runs
 * reach it. Intervals: the drop rates are sample means, p̂ = quantity/times with standard error
 * stdDev/√times; the values are held fixed (they move far less than any single rate), the rates of one
 * stage are taken as independent, and the interval is the normal one, E ± 1.96·√(Σ (y·se)²)/apCost.
 */
export const valuate = (model: PreparedModel, lp: BuiltLp, solution: LpSolution, y: Float64Array, stats: DropStats): Valuation => {
  const obtainable = obtainableRows(lp)
  const value = (row: number) => {
    const v = y[row] ?? 0
    return Math.abs(v) < DUAL_ZERO ? 0 : v
  }
  const values: ItemValue[] = []
  model.rows.forEach((row, i) => {
    if (obtainable[i] && value(i) >= 0) values.push({ itemId: row.itemId, value: value(i) })
  })
  const stages: StageEfficiency[] = []
  const crafts: CraftCost[] = []
  lp.columns.forEach((col, j) => {
    if (col.kind === 'formula') {
      const target = model.rowIndex.get(col.targetId)
      if (target === undefined || !obtainable[target] || value(target) <= 0) return
      // (cost − worth of every other entry) / units of the product: the dual constraint, read per unit.
      let others = 0
      let made = 0
      for (let k = lp.starts[j] ?? 0; k < (lp.starts[j + 1] ?? 0); k++) {
        const row = lp.indices[k] ?? 0
        if (row === target) made = lp.values[k] ?? 0
        else others += (lp.values[k] ?? 0) * value(row)
      }
      if (made <= 0) return
      crafts.push({
        itemId: col.targetId,
        sanityPerItem: ((lp.colCost[j] ?? 0) - others) / made,
        goldCost: col.goldCost,
        materials: col.materials.map(([itemId, count]) => ({ itemId, count })),
        used: (solution.x[j] ?? 0) > 1e-9,
      })
      return
    }
    if (col.kind !== 'stage') return
    const parts = { material: 0, lmd: 0, exp: 0 }
    let variance = 0
    const drops: StageDrop[] = []
    for (let k = lp.starts[j] ?? 0; k < (lp.starts[j + 1] ?? 0); k++) {
      const row = lp.indices[k] ?? 0
      const perRun = lp.values[k] ?? 0
      const itemId = model.rows[row]?.itemId ?? ''
      const worth = perRun * value(row)
      if (row === model.lmdRow) parts.lmd += worth
      else if (row === model.expRow || EXP_CARD_IDS.has(itemId)) parts.exp += worth
      else parts.material += worth
      const stat = stats.get(`${col.stageId}|${itemId}`)
      // LMD and the model's fixed drops (LS-6's exp cards) are not the measured rates: no uncertainty.
      const measured = stat !== undefined && row !== model.lmdRow && Math.abs(stat.rate - perRun) < 1e-12
      const se = measured ? stat.stdDev / Math.sqrt(stat.times) : 0
      variance += (value(row) * se) ** 2
      if (perRun > 0 && row !== model.lmdRow && itemId !== EXP_ID) {
        const sanityPerItem = col.apCost / perRun
        const lo = col.apCost / (perRun + Z95 * se)
        const hi = perRun - Z95 * se > 0 ? col.apCost / (perRun - Z95 * se) : null
        const wide = hi === null || (hi - lo) / 2 > RANKABLE_HALF_WIDTH * sanityPerItem
        drops.push({ itemId, perRun, times: measured ? stat.times : null, sanityPerItem, interval: [lo, hi], wide })
      }
    }
    const scale = 1 / col.apCost
    const efficiency = (parts.material + parts.lmd + parts.exp) * scale
    const half = Z95 * Math.sqrt(variance) * scale
    stages.push({
      stageId: col.stageId,
      apCost: col.apCost,
      efficiency,
      interval: [efficiency - half, efficiency + half],
      parts: { material: parts.material * scale, lmd: parts.lmd * scale, exp: parts.exp * scale },
      used: (solution.x[j] ?? 0) > 1e-9,
      wide: half > RANKABLE_HALF_WIDTH * efficiency,
      drops,
    })
  })
  return { values, valueLmd: value(model.lmdRow), valueExp: value(model.expRow), stages, crafts }
}
