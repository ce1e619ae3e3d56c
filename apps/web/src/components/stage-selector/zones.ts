import type { Existence, Server, Stage, Zone } from '@dropwise/schemas'

/**
 * Zone and stage logic of the stage selector (spec 000 §2-4, web-reference §2.6): existence per
 * server, activity status, the category a zone is listed under, tabs inside a category, stage
 * validity and neighbours. Pure: `now` is always passed in.
 */

/** Categories in the spec's grouping order. */
export const CATEGORY_ORDER = ['ACTIVITY_OPEN', 'ACTIVITY_PENDING', 'MAINLINE', 'ACTIVITY_PERMANENT', 'GACHABOX', 'RECRUIT', 'ACTIVITY_CLOSED', 'WEEKLY'] as const
export type ZoneCategory = (typeof CATEGORY_ORDER)[number]
/** Left out when closed stages are hidden (the report selector). */
export const CLOSED_CATEGORIES: readonly ZoneCategory[] = ['ACTIVITY_CLOSED', 'RECRUIT']
/** The two desktop columns; small screens list CATEGORY_ORDER in one column. */
export const CATEGORY_COLUMNS: readonly (readonly ZoneCategory[])[] = [
  ['ACTIVITY_OPEN', 'ACTIVITY_PENDING', 'MAINLINE', 'ACTIVITY_PERMANENT'],
  ['GACHABOX', 'RECRUIT', 'ACTIVITY_CLOSED', 'WEEKLY'],
]

/**
 * Whether something exists on a server. Missing data counts as existing; with `now`, the instant
 * must also lie between openTime and closeTime.
 */
export const existsOn = (obj: { existence?: Existence | undefined }, server: Server, now?: number): boolean => {
  const e = obj.existence?.[server]
  if (!e) return true
  if (now !== undefined) {
    if (e.openTime !== undefined && e.openTime > now) return false
    if (e.closeTime !== undefined && e.closeTime < now) return false
  }
  return e.exist
}

/** 0 open, 1 closed, -1 upcoming; 'permanent' for an activity zone with neither time. */
export type ZoneTimeValid = 0 | 1 | -1 | 'permanent'

/** Status of a zone on a server (activity zones by their times; other zones are permanent). */
export const zoneTimeValid = (zone: Pick<Zone, 'type' | 'existence'>, server: Server, now: number): ZoneTimeValid => {
  if (zone.type !== 'ACTIVITY') return 'permanent'
  const e = zone.existence[server]
  if (e.openTime === undefined && e.closeTime === undefined) return 'permanent'
  if (e.openTime !== undefined && now < e.openTime) return -1
  if (e.closeTime !== undefined && now > e.closeTime) return 1
  return 0
}

/** Outdated: an activity zone that is not open now (non-zero timeValid). */
export const isZoneOutdated = (zone: Pick<Zone, 'type' | 'existence'>, server: Server, now: number): boolean => {
  const v = zoneTimeValid(zone, server, now)
  return v === 1 || v === -1
}

export const zoneCategory = (zone: Pick<Zone, 'type' | 'existence'>, server: Server, now: number): ZoneCategory | null => {
  if (zone.type === 'ACTIVITY') {
    const v = zoneTimeValid(zone, server, now)
    return v === 1 ? 'ACTIVITY_CLOSED' : v === -1 ? 'ACTIVITY_PENDING' : 'ACTIVITY_OPEN'
  }
  return (CATEGORY_ORDER as readonly string[]).includes(zone.type) ? (zone.type as ZoneCategory) : null
}

export interface ZoneTab {
  /** subType, open year, or '' for a category without tabs. */
  key: string
  kind: 'subType' | 'year' | 'none'
  /** For MAINLINE: the episode range of its zones (main_(\d+)). */
  episodes: { from: number; to: number } | null
  zones: Zone[]
}

export interface CategoryGroup {
  category: ZoneCategory
  tabs: ZoneTab[]
}

const episodeOf = (zoneId: string): number | null => {
  const m = /^main_(\d+)/.exec(zoneId)
  return m ? Number(m[1]) : null
}

const openTimeOf = (zone: Zone, server: Server) => zone.existence[server].openTime ?? 0

/**
 * Zones grouped for step 1: existing zones (no time check) with at least one existing stage, by
 * category in the spec's order, each split into tabs (MAINLINE and ACTIVITY_PERMANENT by sub-type,
 * ACTIVITY_CLOSED by opening year). Activities are sorted by opening time, the rest by zoneIndex.
 * Empty categories are dropped; `hideClosed` leaves out closed activities and recruitment.
 */
export const groupZones = (
  zones: readonly Zone[],
  stagesById: ReadonlyMap<string, Stage>,
  server: Server,
  now: number,
  opts: { hideClosed: boolean },
): CategoryGroup[] => {
  const byCategory = new Map<ZoneCategory, Zone[]>()
  for (const zone of zones) {
    if (!existsOn(zone, server)) continue
    if (!zone.stages.some((id) => stagesById.has(id) && existsOn(stagesById.get(id)!, server))) continue
    const category = zoneCategory(zone, server, now)
    if (!category || (opts.hideClosed && CLOSED_CATEGORIES.includes(category))) continue
    const list = byCategory.get(category) ?? []
    list.push(zone)
    byCategory.set(category, list)
  }
  const groups: CategoryGroup[] = []
  for (const category of CATEGORY_ORDER) {
    const list = byCategory.get(category)
    if (!list?.length) continue
    const activity = category === 'ACTIVITY_OPEN' || category === 'ACTIVITY_PENDING' || category === 'ACTIVITY_CLOSED'
    const sorted = [...list].sort((a, b) => (activity ? openTimeOf(a, server) - openTimeOf(b, server) : 0) || a.zoneIndex - b.zoneIndex)
    const tabs: ZoneTab[] = []
    const tabOf = (key: string, kind: ZoneTab['kind']) => {
      let tab = tabs.find((t) => t.key === key)
      if (!tab) {
        tab = { key, kind, episodes: null, zones: [] }
        tabs.push(tab)
      }
      return tab
    }
    for (const zone of sorted) {
      if (category === 'ACTIVITY_CLOSED') {
        const open = zone.existence[server].openTime
        tabOf(open === undefined ? '' : String(new Date(open).getUTCFullYear()), 'year').zones.push(zone)
      } else if ((category === 'MAINLINE' || category === 'ACTIVITY_PERMANENT') && zone.subType) {
        tabOf(zone.subType, 'subType').zones.push(zone)
      } else tabOf('', 'none').zones.push(zone)
    }
    if (category === 'MAINLINE')
      for (const tab of tabs) {
        const eps = tab.zones.map((z) => episodeOf(z.zoneId)).filter((e): e is number => e !== null)
        if (eps.length) tab.episodes = { from: Math.min(...eps), to: Math.max(...eps) }
      }
    groups.push({ category, tabs })
  }
  return groups
}

/** The zone's stages that exist on the server (no time check), in the zone's order. */
export const zoneStages = (zone: Pick<Zone, 'stages'>, stagesById: ReadonlyMap<string, Stage>, server: Server): Stage[] =>
  zone.stages.map((id) => stagesById.get(id)).filter((s): s is Stage => !!s && existsOn(s, server))

/** Previous and next stage of the same zone (existing ones only), or null at the ends. */
export const neighbourStages = (
  zone: Pick<Zone, 'stages'> | undefined,
  stageId: string,
  stagesById: ReadonlyMap<string, Stage>,
  server: Server,
): { prev: Stage | null; next: Stage | null } => {
  if (!zone) return { prev: null, next: null }
  const list = zoneStages(zone, stagesById, server)
  const i = list.findIndex((s) => s.stageId === stageId)
  if (i < 0) return { prev: null, next: null }
  return { prev: list[i - 1] ?? null, next: list[i + 1] ?? null }
}

/**
 * A stage whose current drops can be looked at: its zone is not outdated, it has drop infos and it
 * exists now (time-checked). Decides the stage page's "only current drops" filter.
 */
export const isStageValid = (stage: Stage | undefined, zone: Zone | undefined, server: Server, now: number): boolean =>
  !!stage && !!zone && !isZoneOutdated(zone, server, now) && !!stage.dropInfos?.length && existsOn(stage, server, now)

/** Stage history: move to front, no duplicates, at most `cap`. */
export const pushHistory = (history: readonly string[], stageId: string, cap = 30): string[] => [stageId, ...history.filter((id) => id !== stageId)].slice(0, cap)

export const toggleIn = (list: readonly string[], id: string): string[] => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id])
