import type { EfficiencyResponse, Item, Server, Stage, StageEfficiencyWire, Zone } from '@dropwise/schemas'
import { formatNumber } from '../../lib/format'
import { localized } from '../../lib/i18n'

/**
 * The farming guide's view model: the `GET /efficiency` answer (docs/api-extensions.md §3f) joined
 * with the stages and zones the app already loads, ranked, sorted, filtered and formatted. Pure:
 * the language, the server and the catalog are always passed in.
 */

type StageDrop = StageEfficiencyWire['drops'][number]

/** How the table's zone filter groups zones. */
export const ZONE_GROUPS = ['MAINLINE', 'ACTIVITY', 'ACTIVITY_PERMANENT', 'WEEKLY', 'OTHER'] as const
export type ZoneGroup = (typeof ZONE_GROUPS)[number]

export const zoneGroupOf = (zone: Pick<Zone, 'type'> | undefined): ZoneGroup => {
  const type = zone?.type
  return type === 'MAINLINE' || type === 'ACTIVITY' || type === 'ACTIVITY_PERMANENT' || type === 'WEEKLY' ? type : 'OTHER'
}

/** One open stage of the guide: the wire figures (`StageEfficiencyWire`) plus what the page shows beside them. */
export interface GuideStageRow extends StageEfficiencyWire {
  /** The stage code in the UI language (the id when the catalog does not know the stage). */
  code: string
  /** The zone name in the UI language, or null. */
  zoneName: string | null
  /** For links to the stage page; null when the catalog does not know the stage. */
  zoneId: string | null
  zoneGroup: ZoneGroup
  /** When an event stage closes on the server (epoch ms); null for permanent stages. */
  closeTime: number | null
}

/**
 * When a stage closes on `server`: its own `existence[server].closeTime`, else its event zone's; null
 * for stages that do not close (main story, supplies, permanent side stories).
 */
export const closeTimeOf = (stage: Pick<Stage, 'existence'> | undefined, zone: Pick<Zone, 'type' | 'existence'> | undefined, server: Server): number | null =>
  stage?.existence[server].closeTime ?? (zone?.type === 'ACTIVITY' ? (zone.existence[server].closeTime ?? null) : null)

/** Every stage of the answer as a row, with its code, zone and closing time from the catalog. */
export const buildStageRows = (
  response: Pick<EfficiencyResponse, 'stages'>,
  catalog: { stagesById: ReadonlyMap<string, Stage>; zonesById: ReadonlyMap<string, Zone> },
  server: Server,
  lang: string,
): GuideStageRow[] =>
  response.stages.map((s) => {
    const stage = catalog.stagesById.get(s.stageId)
    const zone = stage ? catalog.zonesById.get(stage.zoneId) : undefined
    return {
      stageId: s.stageId,
      code: stage ? localized(stage.code_i18n, stage.code, lang) : s.stageId,
      zoneName: zone ? localized(zone.zoneName_i18n, zone.zoneName, lang) : null,
      zoneId: stage?.zoneId ?? null,
      zoneGroup: zoneGroupOf(zone),
      closeTime: closeTimeOf(stage, zone, server),
      apCost: s.apCost,
      efficiency: s.efficiency,
      interval: s.interval,
      parts: s.parts,
      used: s.used,
      wide: s.wide,
      drops: s.drops,
    }
  })

/* ---------------------------------------------------------------- the table */

export const STAGE_SORT_KEYS = ['code', 'apCost', 'efficiency', 'material', 'lmd', 'exp'] as const
export type StageSortKey = (typeof STAGE_SORT_KEYS)[number]
export interface StageSort {
  key: StageSortKey
  desc: boolean
}
export const DEFAULT_STAGE_SORT: StageSort = { key: 'efficiency', desc: true }

/**
 * Efficiency compared at 6 decimals: the planner's own stages are 1 to about 1e-6 (LP duality), and
 * the noise beyond must not order them.
 */
const byEfficiency = (a: { efficiency: number }, b: { efficiency: number }) => Math.round(b.efficiency * 1e6) - Math.round(a.efficiency * 1e6)

const byCode = (a: GuideStageRow, b: GuideStageRow) => a.code.localeCompare(b.code, undefined, { numeric: true }) || a.stageId.localeCompare(b.stageId)

const sortValue = (r: GuideStageRow, key: StageSortKey): number | string => {
  switch (key) {
    case 'code':
      return r.code
    case 'apCost':
      return r.apCost
    case 'efficiency':
      return Math.round(r.efficiency * 1e6)
    default:
      return r.parts[key]
  }
}

/**
 * The rows by `sort.key` (text by locale-aware, numeric-aware comparison); ties by efficiency
 * (highest first), then by code, so the order never depends on the server's.
 */
export const sortStageRows = (rows: readonly GuideStageRow[], sort: StageSort): GuideStageRow[] =>
  [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key)
    const y = sortValue(b, sort.key)
    const primary = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y, undefined, { numeric: true }) : (x as number) - (y as number)
    return (sort.desc ? -primary : primary) || byEfficiency(a, b) || byCode(a, b)
  })

/** A header pressed again flips its direction; another header starts with numbers high first, text A first. */
export const nextStageSort = (sort: StageSort, key: StageSortKey): StageSort => (sort.key === key ? { key, desc: !sort.desc } : { key, desc: key !== 'code' })

export interface StageFilter {
  group: ZoneGroup | 'ALL'
  /** Part of a stage code, any case; blank keeps every stage. */
  query: string
}

export const filterStageRows = (rows: readonly GuideStageRow[], filter: StageFilter): GuideStageRow[] => {
  const needle = filter.query.trim().toLowerCase()
  return rows.filter(
    (r) => (filter.group === 'ALL' || r.zoneGroup === filter.group) && (!needle || r.code.toLowerCase().includes(needle) || r.stageId.toLowerCase().includes(needle)),
  )
}

/** The `n` most efficient stages, for the chart: ties by the interval's lower end (the surer first), then code. */
export const topStages = (rows: readonly GuideStageRow[], n: number): GuideStageRow[] =>
  [...rows].sort((a, b) => byEfficiency(a, b) || b.interval[0] - a.interval[0] || byCode(a, b)).slice(0, n)

/* ---------------------------------------------------------------- per material */

/** Item types the material picker offers (recruitment tags and furniture are not farmed for). */
export const GUIDE_ITEM_TYPES: readonly string[] = ['MATERIAL', 'CARD_EXP', 'CHIP']

/**
 * The items a player can look up: a value above 0, dropped by at least one listed stage, of a
 * farmable type, in the game's order.
 */
export const guideItems = (response: Pick<EfficiencyResponse, 'values' | 'stages'>, items: readonly Item[]): Item[] => {
  const valued = new Set(response.values.filter((v) => v.value > 0).map((v) => v.itemId))
  const dropped = new Set(response.stages.flatMap((s) => s.drops.map((d) => d.itemId)))
  return items.filter((i) => GUIDE_ITEM_TYPES.includes(i.itemType) && valued.has(i.itemId) && dropped.has(i.itemId)).sort((a, b) => a.sortId - b.sortId)
}

/** Sanity per unit of an item, or null when the answer has no value (or 0) for it. */
export const valueOfItem = (response: Pick<EfficiencyResponse, 'values'>, itemId: string): number | null => {
  const v = response.values.find((x) => x.itemId === itemId)?.value
  return v !== undefined && v > 0 ? v : null
}

export interface ItemStageEntry {
  row: GuideStageRow
  drop: StageDrop
  /** 1-based place among the stages that can be ranked; null when too uncertain to rank. */
  rank: number | null
  /** The stage's efficiency is too uncertain to rank. */
  wide: boolean
}

/**
 * The stages that drop `itemId`, by the stage's efficiency (highest first; ties by sanity per item for the
 * item alone). A stage whose efficiency is `wide` gets no rank and comes after every ranked one, in the same
 * order among themselves: its place in the list could be far off. (The fewest sanity per item, crafting
 * included, is item-sources.ts.)
 */
export const rankStagesForItem = (rows: readonly GuideStageRow[], itemId: string): ItemStageEntry[] => {
  const entries = rows.flatMap((row) => {
    const drop = row.drops.find((d) => d.itemId === itemId)
    return drop && drop.perRun > 0 ? [{ row, drop, wide: row.wide }] : []
  })
  const order = (a: (typeof entries)[number], b: (typeof entries)[number]) =>
    Number(a.wide) - Number(b.wide) || byEfficiency(a.row, b.row) || a.drop.sanityPerItem - b.drop.sanityPerItem || byCode(a.row, b.row)
  let place = 0
  return entries.sort(order).map((e) => ({ ...e, rank: e.wide ? null : ++place }))
}

/* ---------------------------------------------------------------- formatting */

/** Efficiency figures: three decimals (1.000 is the planner's own stages; 0.987 reads as 1.3 % short). */
export const EFFICIENCY_DIGITS = 3

/** Decimals of a sanity figure: 4.82, 90.8, 7656. */
export const sanityDigits = (v: number) => (v < 100 ? 2 : v < 1000 ? 1 : 0)

/**
 * A figure with its 95 % interval, "0.987 (0.962–1.012)", numbers in the locale's digits; an upper
 * end of null (unbounded) is written ∞.
 */
export const formatInterval = (value: number, interval: readonly [number, number | null], lang: string, digits: number) => {
  const f = (n: number) => formatNumber(n, lang, digits)
  const [lo, hi] = interval
  return `${f(value)} (${f(lo)}–${hi === null ? '∞' : f(hi)})`
}

/** `GET <apiBase>/export/efficiency` (docs/api-extensions.md §3f): the stage table with its attribution. */
export const efficiencyExportUrl = (apiBase: string, q: { server: Server; lmd: boolean; exp: boolean; format: 'csv' | 'json' }) => {
  const params = new URLSearchParams({ server: q.server, format: q.format })
  if (!q.lmd) params.set('lmd', 'false')
  if (!q.exp) params.set('exp', 'false')
  return `${apiBase.replace(/\/$/, '')}/export/efficiency?${params.toString()}`
}
