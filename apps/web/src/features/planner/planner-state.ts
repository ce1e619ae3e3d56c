import { GOAL_PLAN_ITEM_IDS } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import { SERVERS } from '../../config/constants'
import { isRecord } from '../../lib/guards'

/**
 * Planner state (spec 001 §3, web-reference §2.9): per item a need and a have, three options and
 * the excluded stage ids. Counts are kept by item id and never dropped when the item list changes
 * (the public client zeroed them on a data refresh); only items with a count are stored.
 */
export interface PlannerCount {
  id: string
  have: number
  need: number
}

export interface PlannerOptions {
  byProduct: boolean
  requireExp: boolean
  requireLmb: boolean
}

export interface PlannerState {
  items: PlannerCount[]
  options: PlannerOptions
  excludes: string[]
  /** Server the exclusions were chosen on; a server switch clears them (spec 001 §4). */
  server: Server | null
}

export const DEFAULT_OPTIONS: PlannerOptions = { byProduct: false, requireExp: false, requireLmb: false }
export const OPTION_KEYS = ['byProduct', 'requireExp', 'requireLmb'] as const satisfies readonly (keyof PlannerOptions)[]

/** Storage key of the public client, so a visitor's plan carries over. */
export const PLANNER_STORAGE_KEY = 'penguin-stats-planner'

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0)

/** Reads a stored state (ours or the public client's), falling back field by field. */
export const parsePlannerState = (raw: unknown): PlannerState => {
  const o = isRecord(raw) ? raw : {}
  const items: PlannerCount[] = []
  const seen = new Set<string>()
  if (Array.isArray(o.items)) {
    for (const entry of o.items) {
      if (!isRecord(entry) || typeof entry.id !== 'string' || seen.has(entry.id)) continue
      const have = count(entry.have)
      const need = count(entry.need)
      seen.add(entry.id)
      if (have > 0 || need > 0) items.push({ id: entry.id, have, need })
    }
  }
  const opts = isRecord(o.options) ? o.options : {}
  const options = { ...DEFAULT_OPTIONS }
  for (const key of OPTION_KEYS) if (typeof opts[key] === 'boolean') options[key] = opts[key]
  const excludes = Array.isArray(o.excludes) ? [...new Set(o.excludes.filter((e): e is string => typeof e === 'string'))] : []
  const server = typeof o.server === 'string' && (SERVERS as readonly string[]).includes(o.server) ? (o.server as Server) : null
  return { items, options, excludes, server }
}

export const EMPTY_STATE: PlannerState = { items: [], options: { ...DEFAULT_OPTIONS }, excludes: [], server: null }

/** have/need of one item (0 when unset). */
export const countOf = (state: PlannerState, id: string): { have: number; need: number } => {
  const hit = state.items.find((i) => i.id === id)
  return { have: hit?.have ?? 0, need: hit?.need ?? 0 }
}

/** Sets have and/or need of one item; entries that fall to 0/0 are dropped. */
export const setCount = (state: PlannerState, id: string, patch: Partial<Pick<PlannerCount, 'have' | 'need'>>): PlannerState => {
  const old = countOf(state, id)
  const next = { id, have: patch.have ?? old.have, need: patch.need ?? old.need }
  const rest = state.items.filter((i) => i.id !== id)
  const present = state.items.some((i) => i.id === id)
  if (next.have <= 0 && next.need <= 0) return present ? { ...state, items: rest } : state
  if (present) return { ...state, items: state.items.map((i) => (i.id === id ? next : i)) }
  return { ...state, items: [...rest, next] }
}

/** A server switch clears the exclusions (spec 001 §4); counts and options stay. */
export const reconcileServer = (state: PlannerState, server: Server): PlannerState => {
  if (state.server === server) return state
  return { ...state, server, excludes: state.server === null ? state.excludes : [] }
}

export interface ResetChoice {
  items: boolean
  options: boolean
  excludes: boolean
}

/** Resets the chosen parts only (spec 001 §4 "Reset"). */
export const resetState = (state: PlannerState, choice: ResetChoice): PlannerState => ({
  ...state,
  items: choice.items ? [] : state.items,
  options: choice.options ? { ...DEFAULT_OPTIONS } : state.options,
  excludes: choice.excludes ? [] : state.excludes,
})

/** Items the planner offers (spec 001 §5): MATERIAL with a 5-character id, or ARKPLANNER. */
export const isPlannerItem = (item: { itemId: string; itemType: string }): boolean =>
  (item.itemType === 'MATERIAL' && item.itemId.length === 5) || item.itemType === 'ARKPLANNER'

/** LMD and EXP points: counts of a goals plan (sent as `gold_demand`/`exp_demand` numbers, not as items). */
export const LMD_ID = '4001'
export const EXP_POINTS_ID = '0010'
/** Battle records: a goals plan counts those in stock at their EXP. */
export const BATTLE_RECORD_IDS = ['2001', '2002', '2003', '2004'] as const

/**
 * Items only a goals plan plans (the planner package's `goals: true`): Skill Summaries, chips, chip packs, dual chips,
 * the Chip Catalyst, and the battle records in stock.
 */
export const GOAL_ITEM_IDS: ReadonlySet<string> = new Set([...GOAL_PLAN_ITEM_IDS, ...BATTLE_RECORD_IDS])

/** Whether a count belongs to a goals plan: one of its items, or LMD / EXP. */
export const isGoalCount = (id: string): boolean => GOAL_ITEM_IDS.has(id) || id === LMD_ID || id === EXP_POINTS_ID

/** Whether the state is a goals plan: it needs an item only a goals plan plans, or LMD or EXP. */
export const isGoalsPlan = (state: Pick<PlannerState, 'items'>): boolean => state.items.some((i) => i.need > 0 && isGoalCount(i.id) && !RECORDS.has(i.id))
const RECORDS: ReadonlySet<string> = new Set(BATTLE_RECORD_IDS)
