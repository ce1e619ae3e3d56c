import {
  NO_END_MS,
  type DropInfo,
  type DropType,
  type Existence,
  type I18n,
  type Item,
  type Notice,
  type Period,
  type Server,
  type Stage,
  type Zone,
} from '@dropwise/schemas'
import type { Generated } from 'kysely'
import type { DropInfosTable, ItemsTable, NoticesTable, PeriodsTable, StagesTable, ZonesTable } from '../../db/database'

type Row<T> = { [K in keyof T]: T[K] extends Generated<infer U> ? U : T[K] }

export const toItem = (row: Row<ItemsTable>): Item => {
  const name = row.name_i18n as I18n
  return {
    itemId: row.item_id,
    name: name.zh,
    name_i18n: name,
    existence: row.existence as Existence,
    itemType: row.item_type,
    sortId: row.sort_id,
    rarity: row.rarity,
    groupID: row.group_id,
    ...(row.sprite_coord ? { spriteCoord: row.sprite_coord as [number, number] } : {}),
    alias: (row.alias as Item['alias']) ?? null,
    pron: (row.pron as Item['pron']) ?? null,
  }
}

export const toZone = (row: Row<ZonesTable>, stageIds: string[]): Zone => {
  const name = row.name_i18n as I18n
  return {
    zoneId: row.zone_id,
    zoneIndex: row.zone_index,
    type: row.type,
    subType: row.sub_type,
    zoneName: name.zh,
    zoneName_i18n: name,
    existence: row.existence as Existence,
    background: row.background,
    stages: stageIds,
  }
}

export type DropInfoRow = Row<DropInfosTable>

/** A drop info is active at `now` when its range contains it: start ≤ now < end. */
export const isActiveAt = (info: Pick<DropInfoRow, 'start_at' | 'end_at'>, now: number) =>
  info.start_at <= now && now < info.end_at

const toDropInfo = (row: DropInfoRow): DropInfo | null => {
  if (row.drop_type === 'RECOGNITION_ONLY' || row.lower_bound === null || row.upper_bound === null) return null
  return {
    ...(row.item_id !== null ? { itemId: row.item_id } : {}),
    dropType: row.drop_type as DropType,
    bounds: {
      lower: row.lower_bound,
      upper: row.upper_bound,
      ...(row.exceptions && row.exceptions.length > 0 ? { exceptions: row.exceptions } : {}),
    },
  }
}

/**
 * A stage as served for one server at `now`: `dropInfos` are the infos of that server active now
 * (recognition-only ones feed `recognitionOnly`); the key is omitted when none is active.
 */
export const toStage = (row: Row<StagesTable>, infosOfServer: readonly DropInfoRow[], now: number): Stage => {
  const code = row.code_i18n as I18n
  const active = infosOfServer.filter((i) => isActiveAt(i, now))
  const dropInfos = active.map(toDropInfo).filter((d): d is DropInfo => d !== null)
  const recognitionOnly = [
    ...new Set(infosOfServer.filter((i) => i.drop_type === 'RECOGNITION_ONLY' && i.item_id).map((i) => i.item_id as string)),
  ]
  return {
    stageId: row.stage_id,
    zoneId: row.zone_id,
    stageType: row.stage_type as Stage['stageType'],
    code: code.zh,
    code_i18n: code,
    ...(row.is_gacha ? { isGacha: true as const } : {}),
    apCost: row.ap_cost,
    existence: row.existence as Existence,
    minClearTime: row.min_clear_time,
    ...(recognitionOnly.length > 0 ? { recognitionOnly } : {}),
    ...(dropInfos.length > 0 ? { dropInfos } : {}),
  }
}

/** Storage end → wire end: the sentinel, or any end still in the future, is `null`. */
export const wireEnd = (endAt: number, now: number): number | null => (endAt >= NO_END_MS || endAt > now ? null : endAt)

export const toPeriod = (row: Row<PeriodsTable>): Period => ({
  start: row.start_at,
  end: row.end_at >= NO_END_MS ? null : row.end_at,
  label_i18n: row.label_i18n as I18n,
  existence: row.existence as Existence,
})

export const toNotice = (row: Row<NoticesTable>): Notice => ({
  id: row.notice_id,
  existence: row.existence as Existence,
  severity: row.severity,
  content_i18n: row.content_i18n as Notice['content_i18n'],
})

export type { Server }
