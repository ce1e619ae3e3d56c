import type { Item, MatrixElement, Stage, Zone } from '@dropwise/schemas'
import { UNKNOWN_AP_COST, confidenceInterval, isLowSample, type RateInterval } from '@dropwise/stats'
import type { Server } from '@dropwise/schemas'
import { existsOn } from '../../components/stage-selector/zones'

/**
 * The statistics table's numbers (spec 000 §3-4, web-reference §2.2), as pure functions:
 * derived values with the spec's rounding, filters, sorting and pagination.
 */

export type TableMode = 'item' | 'stage'

export type RowStage = Omit<Stage, 'dropInfos'>
export type RowZone = Omit<Zone, 'stages'>

export interface StatsRow {
  key: string
  stageId: string
  itemId: string
  /** The row's stage without its drop table, and its zone without its stage list: all a row shows, and the
   * same whether they came from a server-rendered page's part of the lists or from the whole lists. */
  stage: RowStage | undefined
  zone: RowZone | undefined
  item: Item | undefined
  quantity: number
  times: number
  start: number
  end: number | null
  /** quantity / times rounded to 5 decimals (a fraction; shown as percent with 2 decimals). */
  percentage: number
  /** Stage cost; null when unknown (99 or missing). */
  apCost: number | null
  /** apCost / percentage, 2 decimals; null when the rate is 0 or the cost unknown. */
  apPPR: number | null
  minClearTime: number | null
  /** minClearTime / percentage in ms, 2 decimals; null when the rate is 0 or no clear time. */
  itemPerTime: number | null
  /** 95 % Wilson interval of the rate (Poisson score interval when a run can drop several). */
  ci: RateInterval | null
  lowSample: boolean
}

const round = (x: number, digits: number) => +x.toFixed(digits)

export const derivePercentage = (quantity: number, times: number): number => (times > 0 ? round(quantity / times, 5) : 0)

export const deriveApPPR = (apCost: number | null | undefined, percentage: number): number | null =>
  apCost === null || apCost === undefined || apCost === UNKNOWN_AP_COST || !(percentage > 0) ? null : round(apCost / percentage, 2)

export const deriveItemPerTime = (minClearTime: number | null | undefined, percentage: number): number | null =>
  !minClearTime || !(percentage > 0) ? null : round(minClearTime / percentage, 2)

/** Percent text: two decimals and a percent sign, as the spec writes it ("12.34%"). */
export const percentText = (percentage: number) => `${(percentage * 100).toFixed(2)}%`

export interface Lookups {
  stagesById: ReadonlyMap<string, Stage>
  zonesById: ReadonlyMap<string, Zone>
  itemsById: ReadonlyMap<string, Item>
}

const withoutDrops = ({ dropInfos: _drops, ...stage }: Stage): RowStage => stage
const withoutStageList = ({ stages: _stages, ...zone }: Zone): RowZone => zone

export const buildRow = (m: MatrixElement, look: Lookups): StatsRow => {
  const whole = look.stagesById.get(m.stageId)
  const stage = whole && withoutDrops(whole)
  const zone = stage && look.zonesById.get(stage.zoneId)
  const percentage = derivePercentage(m.quantity, m.times)
  const apCost = stage && stage.apCost !== UNKNOWN_AP_COST ? stage.apCost : null
  return {
    key: `${m.stageId}|${m.itemId}`,
    stageId: m.stageId,
    itemId: m.itemId,
    stage,
    zone: zone && withoutStageList(zone),
    item: look.itemsById.get(m.itemId),
    quantity: m.quantity,
    times: m.times,
    start: m.start,
    end: m.end,
    percentage,
    apCost,
    apPPR: deriveApPPR(apCost, percentage),
    minClearTime: stage?.minClearTime ?? null,
    itemPerTime: deriveItemPerTime(stage?.minClearTime, percentage),
    ci: confidenceInterval(m.quantity, m.times),
    lowSample: isLowSample(m.times),
  }
}

/** Rows of one item (item mode: a row per stage) or one stage (stage mode: a row per item). */
export const rowsFor = (matrix: readonly MatrixElement[], mode: TableMode, id: string, look: Lookups): StatsRow[] =>
  matrix.filter((m) => (mode === 'item' ? m.itemId === id : m.stageId === id)).map((m) => buildRow(m, look))

export interface TableFilters {
  showPermanent: boolean
  showActivity: boolean
  onlyOpen: boolean
  onlyCurrent: boolean
}
/**
 * A page answers "where do I get this now": stages open now on the chosen server (item mode) and drops
 * still current (stage mode) by default; the closed ones are one switch away.
 */
export const DEFAULT_FILTERS: TableFilters = { showPermanent: true, showActivity: true, onlyOpen: true, onlyCurrent: true }

const isCurrent = (end: number | null, now: number) => end === null || end > now

/**
 * Item mode: onlyOpen keeps stages that exist now on the server with an open period; showPermanent
 * off hides MAIN, SUB and DAILY stages; showActivity off hides ACTIVITY stages.
 * Stage mode: onlyCurrent keeps open periods, and only applies when the stage is valid.
 */
export const filterRows = (rows: readonly StatsRow[], mode: TableMode, filters: TableFilters, ctx: { server: Server; now: number; stageValid: boolean }): StatsRow[] => {
  if (mode === 'stage') return effectiveOnlyCurrent(filters, ctx.stageValid) ? rows.filter((r) => isCurrent(r.end, ctx.now)) : [...rows]
  return rows.filter((r) => {
    const type = r.stage?.stageType
    if (!filters.showPermanent && (type === 'MAIN' || type === 'SUB' || type === 'DAILY')) return false
    if (!filters.showActivity && type === 'ACTIVITY') return false
    if (filters.onlyOpen && !(r.stage && existsOn(r.stage, ctx.server, ctx.now) && isCurrent(r.end, ctx.now))) return false
    return true
  })
}

/** "Only current drops" is forced off (and disabled) when the stage is not valid. */
export const effectiveOnlyCurrent = (filters: TableFilters, stageValid: boolean) => stageValid && filters.onlyCurrent

/** Number of active filters in the item-mode panel: either type switch off counts one (onlyOpen has its own switch beside the panel). */
export const activeFilterCount = (f: TableFilters) => (!f.showPermanent || !f.showActivity ? 1 : 0)

/**
 * Changing one filter keeps the others (the public client's stage-mode setter replaced the whole
 * object and so switched every item-mode filter off).
 */
export const setFilter = <K extends keyof TableFilters>(filters: TableFilters, key: K, value: TableFilters[K]): TableFilters => ({ ...filters, [key]: value })

export const SORT_KEYS = ['quantity', 'times', 'percentage', 'apPPR', 'apCost', 'minClearTime', 'itemPerTime'] as const
export type SortKey = (typeof SORT_KEYS)[number]
export interface SortState {
  key: SortKey
  desc: boolean
}
/**
 * Which way is best first for each column: more drops, more runs sampled and a higher drop rate are
 * better (descending); fewer sanity per item, a cheaper stage and less time (per run or per item) are
 * better (ascending).
 */
export const BEST_FIRST_DESC: Readonly<Record<SortKey, boolean>> = {
  quantity: true,
  times: true,
  percentage: true,
  apPPR: false,
  apCost: false,
  minClearTime: false,
  itemPerTime: false,
}
/** A column sorted best first. */
export const bestFirst = (key: SortKey): SortState => ({ key, desc: BEST_FIRST_DESC[key] })
/** The item and stage pages: fewest sanity per item first (rows without a cost or a drop go last). */
export const DEFAULT_SORT: SortState = bestFirst('apPPR')
/** The recruitment stage has no sanity column: highest rate first. */
export const RATE_SORT: SortState = bestFirst('percentage')

/** Stable sort; unknown values (null) go last in both directions. */
export const sortRows = (rows: readonly StatsRow[], sort: SortState): StatsRow[] =>
  rows
    .map((r, i) => [r, i] as const)
    .sort(([a, ia], [b, ib]) => {
      const va = a[sort.key]
      const vb = b[sort.key]
      if (va === null && vb === null) return ia - ib
      if (va === null) return 1
      if (vb === null) return -1
      return (sort.desc ? vb - va : va - vb) || ia - ib
    })
    .map(([r]) => r)

/** Next sort state after clicking a column header: a new column starts best first; the same one toggles (never clears). */
export const nextSort = (sort: SortState, key: SortKey): SortState => (sort.key === key ? { key, desc: !sort.desc } : bestFirst(key))

export const PAGE_SIZES = [10, 20, 40, -1] as const
export type PageSize = (typeof PAGE_SIZES)[number]

export const pageCount = (total: number, size: PageSize) => (size === -1 ? 1 : Math.max(1, Math.ceil(total / size)))

/** One page (1-based); size -1 is "all". The page is clamped into range. */
export const pageOf = <T>(rows: readonly T[], page: number, size: PageSize): T[] => {
  if (size === -1) return [...rows]
  const p = Math.min(Math.max(1, page), pageCount(rows.length, size))
  return rows.slice((p - 1) * size, p * size)
}

/** The footer (pagination) is hidden when the unfiltered row count is 10 or fewer. */
export const showFooter = (unfilteredCount: number) => unfilteredCount > 10

export type TimeRangeText =
  { kind: 'inBetween'; start: number; end: number } | { kind: 'toPresent'; start: number } | { kind: 'endsAt'; end: number } | { kind: 'unknown' }

export const timeRangeOf = (start: number | null | undefined, end: number | null | undefined): TimeRangeText =>
  start && end ? { kind: 'inBetween', start, end } : start ? { kind: 'toPresent', start } : end ? { kind: 'endsAt', end } : { kind: 'unknown' }

/** Minutes and seconds of a duration in ms ("2 min 13.5 s" is built by the caller's translations). */
export const splitDuration = (ms: number, secondDigits: number) => {
  const totalSeconds = ms / 1000
  const minutes = Math.floor(totalSeconds / 60)
  const seconds = +(totalSeconds - minutes * 60).toFixed(secondDigits)
  return seconds >= 60 ? { minutes: minutes + 1, seconds: 0 } : { minutes, seconds }
}

/**
 * Item preview card rows (spec 000 §2): more than 100 runs, the stage still open (exists now and
 * the period has no end or ends later), by percentage descending, the first `limit`, plus how many more.
 */
export const previewRows = (rows: readonly StatsRow[], server: Server, now: number, limit: number) => {
  const eligible = sortRows(
    rows.filter((r) => r.times > 100 && r.stage && existsOn(r.stage, server, now) && isCurrent(r.end, now)),
    RATE_SORT,
  )
  return { rows: eligible.slice(0, limit), more: Math.max(0, eligible.length - limit) }
}

/** Items for the item selector: grouped by itemType in this order, sortId ascending, 3003 last in its group. */
export const ITEM_GROUPS = ['MATERIAL', 'CARD_EXP', 'CHIP', 'FURN', 'ACTIVITY_ITEM'] as const
export const groupItems = (items: readonly Item[], server: Server) =>
  ITEM_GROUPS.map((type) => ({
    type,
    items: items
      .filter((i) => i.itemType === type && existsOn(i, server))
      .sort((a, b) => (a.itemId === '3003' ? 1 : 0) - (b.itemId === '3003' ? 1 : 0) || a.sortId - b.sortId),
  })).filter((g) => g.items.length > 0)

/** Related items: same groupID, existing on the server, in sortId order (the item itself included). */
export const relatedItems = (items: readonly Item[], item: Item | undefined, server: Server) =>
  item?.groupID ? items.filter((i) => i.groupID === item.groupID && existsOn(i, server)).sort((a, b) => a.sortId - b.sortId) : []
