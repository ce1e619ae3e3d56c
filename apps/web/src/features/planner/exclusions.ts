import type { Server } from '@dropwise/schemas'

/**
 * The exclude-stages tree (spec 001 §2, web-reference row 113): categories of zones, zones of
 * stages, tri-state boxes, and the emitted value = every stage id that is not selected.
 */
export interface ExclusionZoneInput {
  zoneId: string
  zoneIndex: number
  type: string
  existence: Partial<Record<Server, { exist: boolean; openTime?: number | null; closeTime?: number | null }>>
  stages: readonly string[]
}

export interface ExclusionStageInput {
  stageId: string
  zoneId: string
  existence: Partial<Record<Server, { exist: boolean }>>
}

export const CATEGORY_ORDER = ['MAINLINE', 'ACTIVITY_OPEN', 'ACTIVITY_PERMANENT', 'WEEKLY', 'ACTIVITY_CLOSED', 'RECRUIT'] as const
export type ExclusionCategory = (typeof CATEGORY_ORDER)[number]

export interface ExclusionZone {
  zoneId: string
  stageIds: string[]
}

export interface ExclusionGroup {
  category: ExclusionCategory
  zones: ExclusionZone[]
}

/** Category of a zone on a server at `now`; `null` for zones the planner never offers (gacha). */
export const categoryOf = (zone: ExclusionZoneInput, server: Server, now: number): ExclusionCategory | null => {
  switch (zone.type) {
    case 'MAINLINE':
      return 'MAINLINE'
    case 'WEEKLY':
      return 'WEEKLY'
    case 'ACTIVITY_PERMANENT':
      return 'ACTIVITY_PERMANENT'
    case 'RECRUIT':
      return 'RECRUIT'
    case 'ACTIVITY':
    case 'ACTIVITY_OPEN':
    case 'ACTIVITY_CLOSED':
    case 'ACTIVITY_PENDING': {
      const e = zone.existence[server]
      const open = (e?.openTime ?? -Infinity) <= now && (e?.closeTime ?? Infinity) > now
      return zone.type !== 'ACTIVITY_CLOSED' && open ? 'ACTIVITY_OPEN' : 'ACTIVITY_CLOSED'
    }
    default:
      return null
  }
}

/**
 * Groups the server's zones by category (in {@link CATEGORY_ORDER}, zones by zoneIndex), keeping
 * stages that exist on the server. Closed events and recruit are left out unless `showClosed`.
 */
export const buildExclusionTree = (
  zones: readonly ExclusionZoneInput[],
  stages: readonly ExclusionStageInput[],
  server: Server,
  now: number,
  showClosed: boolean,
): ExclusionGroup[] => {
  const existing = new Set(stages.filter((s) => s.existence[server]?.exist === true).map((s) => s.stageId))
  const groups = new Map<ExclusionCategory, ExclusionZone[]>()
  const sorted = [...zones].sort((a, b) => a.zoneIndex - b.zoneIndex)
  for (const zone of sorted) {
    if (zone.existence[server]?.exist !== true) continue
    const category = categoryOf(zone, server, now)
    if (category === null) continue
    if (!showClosed && (category === 'ACTIVITY_CLOSED' || category === 'RECRUIT')) continue
    const stageIds = zone.stages.filter((id) => existing.has(id))
    if (stageIds.length === 0) continue
    const list = groups.get(category) ?? []
    list.push({ zoneId: zone.zoneId, stageIds })
    groups.set(category, list)
  }
  return CATEGORY_ORDER.filter((c) => groups.has(c)).map((category) => ({ category, zones: groups.get(category) ?? [] }))
}

export type TriState = 'checked' | 'unchecked' | 'indeterminate'

/** A box over `stageIds`: checked when all are selected (not excluded), unchecked when none. */
export const triState = (stageIds: readonly string[], excluded: ReadonlySet<string>): TriState => {
  const off = stageIds.filter((id) => excluded.has(id)).length
  if (off === 0) return 'checked'
  return off === stageIds.length ? 'unchecked' : 'indeterminate'
}

/** Selects (`include`) or unselects the given stages; returns the new excluded list. */
export const setIncluded = (excludes: readonly string[], stageIds: readonly string[], include: boolean): string[] => {
  const set = new Set(excludes)
  for (const id of stageIds) {
    if (include) set.delete(id)
    else set.add(id)
  }
  return [...set]
}

/** Every stage id of the tree. */
export const allStageIds = (groups: readonly ExclusionGroup[]): string[] => groups.flatMap((g) => g.zones.flatMap((z) => z.stageIds))

/** Clicking a box: a fully checked box unselects all its stages; any other state selects all. */
export const toggleBox = (excludes: readonly string[], stageIds: readonly string[]): string[] =>
  setIncluded(excludes, stageIds, triState(stageIds, new Set(excludes)) !== 'checked')
