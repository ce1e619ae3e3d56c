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
import { isActiveAt, type DropInfoRecord, type StageRecord } from './catalog.types'

type Row<T> = { [K in keyof T]: T[K] extends Generated<infer U> ? U : T[K] }

// Rows → domain and contract types (the repository's side)

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

/** A zone without its stage list (the service adds it from the stages). */
export const toZone = (row: Row<ZonesTable>): Omit<Zone, 'stages'> => {
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
  }
}

export const toStageRecord = (row: Row<StagesTable>): StageRecord => ({
  stageId: row.stage_id,
  zoneId: row.zone_id,
  stageType: row.stage_type as Stage['stageType'],
  code_i18n: row.code_i18n as I18n,
  apCost: row.ap_cost,
  minClearTime: row.min_clear_time,
  existence: row.existence as Existence,
  isGacha: row.is_gacha,
})

export const toDropInfoRecord = (row: Row<DropInfosTable>): DropInfoRecord => ({
  server: row.server as Server,
  stageId: row.stage_id,
  itemId: row.item_id,
  dropType: row.drop_type as DropInfoRecord['dropType'],
  lowerBound: row.lower_bound,
  upperBound: row.upper_bound,
  exceptions: row.exceptions,
  startAt: row.start_at,
  endAt: row.end_at,
  accumulable: row.accumulable,
  ...(row.inferred.length > 0 ? { inferred: row.inferred } : {}),
})

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

// Domain → contract types (the service's side)

const toDropInfo = (info: DropInfoRecord): DropInfo | null => {
  if (info.dropType === 'RECOGNITION_ONLY' || info.lowerBound === null || info.upperBound === null) return null
  return {
    ...(info.itemId !== null ? { itemId: info.itemId } : {}),
    dropType: info.dropType as DropType,
    bounds: {
      lower: info.lowerBound,
      upper: info.upperBound,
      ...(info.exceptions && info.exceptions.length > 0 ? { exceptions: info.exceptions } : {}),
    },
  }
}

/**
 * A stage as served for one server at `now`: `dropInfos` are the infos of that server active now
 * (recognition-only ones feed `recognitionOnly`); the key is omitted when none is active.
 */
export const toStage = (stage: StageRecord, infosOfServer: readonly DropInfoRecord[], now: number): Stage => {
  const active = infosOfServer.filter((i) => isActiveAt(i, now))
  const dropInfos = active.map(toDropInfo).filter((d): d is DropInfo => d !== null)
  const recognitionOnly = [...new Set(infosOfServer.filter((i) => i.dropType === 'RECOGNITION_ONLY' && i.itemId).map((i) => i.itemId as string))]
  return {
    stageId: stage.stageId,
    zoneId: stage.zoneId,
    stageType: stage.stageType,
    code: stage.code_i18n.zh,
    code_i18n: stage.code_i18n,
    ...(stage.isGacha ? { isGacha: true as const } : {}),
    apCost: stage.apCost,
    existence: stage.existence,
    minClearTime: stage.minClearTime,
    ...(recognitionOnly.length > 0 ? { recognitionOnly } : {}),
    ...(dropInfos.length > 0 ? { dropInfos } : {}),
  }
}
