import {
  CRAFT_COST_PER_LMD,
  EXP_CONVERSIONS,
  EXP_ID,
  EXTRA_ITEM_NAMES,
  FIXED_DROPS,
  FIXED_LMD,
  LMD_ID,
  LMD_PER_AP,
  MIN_TIMES,
  PURE_GOLD_ID,
  SERVER_LANG,
  STORE_COST,
} from './constants'
import type { I18n, Lang, PlannerData, PlannerStage, Server } from './types'

/** A sparse column: row indices (ascending) and coefficients. */
export interface SparseColumn {
  rows: number[]
  values: number[]
}

/** An item row of the LP. */
export interface ItemRow {
  itemId: string
  /** zh name, used by the value filters. */
  zhName: string
  names: I18n
}

/** A stage column candidate for one server, before exclusions. */
export interface StageColumn {
  kind: 'stage'
  stageId: string
  /** zh code. */
  code: string
  codes: I18n
  apCost: number
  /** Drops per run, LMD included. */
  drops: SparseColumn
}

/** A crafting column (Penguin formula, synthetic exp conversion, or a goals plan's store purchase). */
export interface CraftColumn {
  kind: 'formula' | 'exp' | 'store'
  /** Produced item id (`0010` for exp conversions). */
  targetId: string
  goldCost: number
  /** Materials consumed per craft (item id → count), LMD excluded. */
  materials: [string, number][]
  /** +1 target, −costs, −goldCost LMD. */
  base: SparseColumn
  /** By-products per craft at rate 1 (count × weight / totalWeight); scaled by the rate. */
  byproducts: SparseColumn
}

/** The data of one server prepared once: rows and every candidate column. */
export interface PreparedModel {
  server: Server
  rows: ItemRow[]
  rowIndex: ReadonlyMap<string, number>
  lmdRow: number
  expRow: number
  stages: StageColumn[]
  formulas: CraftColumn[]
  /** The five synthetic exp columns in their fixed order (3003 last). */
  expConversions: CraftColumn[]
  /** Stage id and code (server language) → stage columns, for exclusions. */
  stageLookup: ReadonlyMap<string, number[]>
  /** Ids of every stage listed for the server, usable or not (for messages). */
  listedStages: ReadonlyMap<string, PlannerStage>
  /** A goals plan's model (goal-plan.ts): every stage listed, store purchases. Absent for ArkPlanner's LP. */
  goals?: true
  /** Items bought in the store (goals plans only), at {@link STORE_COST} sanity each. */
  store?: CraftColumn[]
}

const sparse = (entries: Map<number, number>): SparseColumn => {
  const rows = [...entries.keys()].sort((a, b) => a - b)
  return { rows, values: rows.map((r) => entries.get(r) ?? 0) }
}

const add = (entries: Map<number, number>, row: number | undefined, value: number): void => {
  if (row === undefined || value === 0) return
  entries.set(row, (entries.get(row) ?? 0) + value)
}

const isSupplyCode = (code: string): boolean => /^(SK|AP|CE|LS|PR)-/.test(code)

/**
 * Prepares the rows and all candidate columns of the ArkPlanner LP for one server
 * (planner-model.md, "Data filtering", "Stage cost and LMD", "Experience", "Conversions").
 * The result is immutable and shared by every request on that server.
 */
export const prepareModel = (data: PlannerData, server: Server): PreparedModel => {
  const rows: ItemRow[] = []
  const rowIndex = new Map<string, number>()
  const addRow = (itemId: string, zhName: string, names: I18n): number => {
    const known = rowIndex.get(itemId)
    if (known !== undefined) return known
    rowIndex.set(itemId, rows.length)
    rows.push({ itemId, zhName, names })
    return rows.length - 1
  }
  for (const item of data.items) addRow(item.itemId, item.name_i18n?.zh ?? item.name, item.name_i18n ?? { zh: item.name })
  for (const [id, names] of Object.entries(EXTRA_ITEM_NAMES)) addRow(id, names.zh, names)
  // Formula items normally are /items items; a missing one still gets a row so the column is intact.
  for (const f of data.formulas) {
    for (const id of [f.id, ...f.costs.map((c) => c.id), ...f.extraOutcome.map((o) => o.id)]) addRow(id, id, {})
  }
  const lmdRow = rowIndex.get(LMD_ID) ?? 0
  const expRow = rowIndex.get(EXP_ID) ?? 0

  const lang: Lang = SERVER_LANG[server]
  const listedStages = new Map(data.stages.map((s) => [s.stageId, s]))
  const usable = (s: PlannerStage | undefined): s is PlannerStage => s !== undefined && s.existence[server]?.exist === true && s.dropInfos !== undefined

  // Columns are the stages of the frequency-filtered matrix, in order of first appearance; the
  // end filter only removes drops.
  const now = data.now
  const dropsByStage = new Map<string, Map<number, number>>()
  for (const e of data.matrix) {
    if (e.times < MIN_TIMES) continue
    let drops = dropsByStage.get(e.stageId)
    if (!drops) dropsByStage.set(e.stageId, (drops = new Map()))
    if (e.end !== null && (now === undefined || e.end <= now)) continue
    const row = rowIndex.get(e.itemId)
    if (row === undefined) continue
    drops.set(row, e.quantity / e.times)
  }
  for (const s of data.stages) {
    if (usable(s) && isSupplyCode(s.code) && !dropsByStage.has(s.stageId)) dropsByStage.set(s.stageId, new Map())
  }

  const stages: StageColumn[] = []
  for (const [stageId, drops] of dropsByStage) {
    const stage = listedStages.get(stageId)
    if (!usable(stage)) continue
    drops.set(lmdRow, FIXED_LMD.get(stage.code) ?? LMD_PER_AP * stage.apCost)
    for (const [itemId, perRun] of FIXED_DROPS.get(stage.code) ?? []) {
      const row = rowIndex.get(itemId)
      if (row !== undefined) drops.set(row, perRun)
    }
    for (const [row, v] of drops) if (v === 0) drops.delete(row)
    stages.push({
      kind: 'stage',
      stageId,
      code: stage.code,
      codes: stage.code_i18n ?? { zh: stage.code },
      apCost: stage.apCost,
      drops: sparse(drops),
    })
  }

  const stageLookup = new Map<string, number[]>()
  const link = (key: string | undefined, col: number): void => {
    if (key === undefined) return
    const list = stageLookup.get(key)
    if (list) list.push(col)
    else stageLookup.set(key, [col])
  }
  stages.forEach((s, col) => {
    link(s.stageId, col)
    const code = s.codes[lang] ?? (lang === 'zh' ? s.code : undefined)
    if (code !== s.stageId) link(code, col)
  })

  const formulas: CraftColumn[] = data.formulas.map((f) => {
    const base = new Map<number, number>()
    add(base, rowIndex.get(f.id), f.count ?? 1)
    for (const c of f.costs) add(base, rowIndex.get(c.id), -c.count)
    add(base, lmdRow, -f.goldCost)
    const totalWeight = f.totalWeight || f.extraOutcome.reduce((sum, o) => sum + o.weight, 0)
    const byproducts = new Map<number, number>()
    if (totalWeight > 0) {
      for (const o of f.extraOutcome) add(byproducts, rowIndex.get(o.id), (o.count * o.weight) / totalWeight)
    }
    return {
      kind: 'formula',
      targetId: f.id,
      goldCost: f.goldCost,
      materials: f.costs.map((c) => [c.id, c.count]),
      base: sparse(base),
      byproducts: sparse(byproducts),
    }
  })

  // An exp conversion whose input is not an item of the data would make exp from nothing: skip it.
  const expConversions: CraftColumn[] = EXP_CONVERSIONS.filter(([input]) => rowIndex.has(input)).map(([input, points]) => {
    const base = new Map<number, number>()
    add(base, rowIndex.get(input), -1)
    add(base, expRow, points)
    return { kind: 'exp', targetId: EXP_ID, goldCost: 0, materials: [[input, 1]], base: sparse(base), byproducts: { rows: [], values: [] } }
  })

  return { server, rows, rowIndex, lmdRow, expRow, stages, formulas, expConversions, stageLookup, listedStages }
}

/** The structural choices of one LP: everything but the demand vector. */
export interface LpShape {
  /** Stage columns left out, as indices into `PreparedModel.stages`, ascending. */
  excludedStages: number[]
  /** By-product rate; 0 without `extra_outc`. */
  byproductRate: number
  /** Whether the 3003 → exp column is present. */
  pureGoldToExp: boolean
}

/** One column of a built LP. */
export type LpColumn = StageColumn | CraftColumn

/** A built LP in HiGHS's structured form (min c·x, A·x ≥ d, x ≥ 0), demand excluded. */
export interface BuiltLp {
  shape: LpShape
  columns: LpColumn[]
  numRows: number
  colCost: Float64Array
  /** CSC matrix. */
  starts: Int32Array
  indices: Int32Array
  values: Float64Array
}

/** Identifies an LP shape, for caching built models. */
export const shapeKey = (shape: LpShape): string => `${shape.byproductRate}|${shape.pureGoldToExp ? 1 : 0}|${shape.excludedStages.join(',')}`

/** Builds the LP matrix for one shape (planner-model.md, "The linear program"). */
export const buildLp = (model: PreparedModel, shape: LpShape): BuiltLp => {
  const excluded = new Set(shape.excludedStages)
  const columns: LpColumn[] = [
    ...model.stages.filter((_, i) => !excluded.has(i)),
    ...model.formulas,
    ...model.expConversions.filter((c) => shape.pureGoldToExp || c.materials[0]?.[0] !== PURE_GOLD_ID),
    ...(model.store ?? []),
  ]
  const colCost = new Float64Array(columns.length)
  const starts = new Int32Array(columns.length + 1)
  const indices: number[] = []
  const values: number[] = []
  columns.forEach((col, j) => {
    let rows: number[]
    let vals: number[]
    if (col.kind === 'stage') {
      colCost[j] = col.apCost
      rows = col.drops.rows
      vals = col.drops.values
    } else {
      colCost[j] = col.kind === 'store' ? STORE_COST : CRAFT_COST_PER_LMD * col.goldCost
      if (shape.byproductRate !== 0 && col.byproducts.rows.length > 0) {
        const merged = new Map<number, number>()
        col.base.rows.forEach((r, k) => add(merged, r, col.base.values[k] ?? 0))
        col.byproducts.rows.forEach((r, k) => add(merged, r, shape.byproductRate * (col.byproducts.values[k] ?? 0)))
        for (const [r, v] of merged) if (v === 0) merged.delete(r)
        ;({ rows, values: vals } = sparse(merged))
      } else {
        rows = col.base.rows
        vals = col.base.values
      }
    }
    for (let k = 0; k < rows.length; k++) {
      indices.push(rows[k] ?? 0)
      values.push(vals[k] ?? 0)
    }
    starts[j + 1] = indices.length
  })
  return {
    shape,
    columns,
    numRows: model.rows.length,
    colCost,
    starts,
    indices: Int32Array.from(indices),
    values: Float64Array.from(values),
  }
}
