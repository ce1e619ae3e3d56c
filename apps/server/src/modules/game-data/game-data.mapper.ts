import { NO_END_MS, type DataVersion, type SeedDropInfo, type SeedItem, type SeedPeriod, type SeedStage, type SeedZone } from '@dropwise/schemas'
import type { Generated } from 'kysely'
import type { DataVersionsTable, DropInfosTable, ItemsTable, PeriodsTable, StagesTable, ZonesTable } from '../../db/database'

type Row<T> = { [K in keyof T]: T[K] extends Generated<infer U> ? U : T[K] }

/** JSON with object keys sorted at every level: equal data, equal text (jsonb reorders keys). */
export const canon = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  )

// One comparable form per record, from a stored row or a derived seed record: what the sync compares.
export const itemForm = (i: SeedItem) =>
  canon([i.name_i18n, i.existence, i.itemType, i.sortId, i.rarity, i.groupID, i.spriteCoord ?? null, i.alias, i.pron, i.inferred ?? []])
export const itemRowForm = (r: Row<ItemsTable>) =>
  canon([r.name_i18n, r.existence, r.item_type, r.sort_id, r.rarity, r.group_id, r.sprite_coord, r.alias, r.pron, r.inferred])
export const zoneForm = (z: SeedZone) => canon([z.zoneIndex, z.type, z.subType, z.zoneName_i18n, z.existence, z.background, z.inferred ?? []])
export const zoneRowForm = (r: Row<ZonesTable>) => canon([r.zone_index, r.type, r.sub_type, r.name_i18n, r.existence, r.background, r.inferred])
export const stageForm = (s: SeedStage) => canon([s.zoneId, s.stageType, s.code_i18n, s.apCost, s.minClearTime, s.existence, s.isGacha ?? false, s.inferred ?? []])
export const stageRowForm = (r: Row<StagesTable>) => canon([r.zone_id, r.stage_type, r.code_i18n, r.ap_cost, r.min_clear_time, r.existence, r.is_gacha, r.inferred])
export const periodForm = (p: SeedPeriod) => canon([p.start, p.end ?? NO_END_MS, p.label_i18n, p.existence, p.zoneId])
export const periodRowForm = (r: Row<PeriodsTable>) => canon([r.start_at, r.end_at, r.label_i18n, r.existence, r.zone_id])

/** A drop info's key within its stage and server, and its comparable form. */
export const dropInfoKey = (d: { server: string; stageId: string; itemId: string | null; dropType: string; start: number }) =>
  `${d.server}|${d.stageId}|${d.itemId ?? ''}|${d.dropType}|${d.start}`
// Drop infos hold no objects: plain JSON (tens of thousands of them, the replacer would dominate).
export const dropInfoForm = (d: SeedDropInfo) =>
  JSON.stringify([d.bounds?.lower ?? null, d.bounds?.upper ?? null, d.bounds?.exceptions ?? null, d.end ?? NO_END_MS, d.accumulable, d.inferred ?? []])
export const dropInfoRowForm = (r: Row<DropInfosTable>) => JSON.stringify([r.lower_bound, r.upper_bound, r.exceptions, r.end_at, r.accumulable, r.inferred])
export const dropInfoOfRow = (r: Row<DropInfosTable>) => ({
  server: r.server,
  stageId: r.stage_id,
  itemId: r.item_id,
  dropType: r.drop_type,
  start: r.start_at,
})

export const toDataVersion = (r: Row<DataVersionsTable>): DataVersion => ({
  version: r.version,
  origin: r.origin,
  appliedAt: r.applied_at,
  asOf: r.as_of,
  sources: r.sources as DataVersion['sources'],
  counts: r.counts as DataVersion['counts'],
  changes: r.changes as DataVersion['changes'],
})
