import type { Server } from '@dropwise/schemas'

/**
 * Whether a stage can be reported by hand (spec 001 §4 "Report stage validity", web reference §2.6).
 * Plain structural inputs so the wire `Stage`/`Zone` and test fixtures fit as they are.
 */

/** Why the report form blocks a stage. */
export type ClosedReason = 'NOT_FOUND' | 'EXPIRED' | 'INVALID'

/** One server's existence entry; open/close times in epoch ms. */
export interface ExistenceEntry {
  readonly exist: boolean
  readonly openTime?: number | null
  readonly closeTime?: number | null
}

export type ExistenceMap = Partial<Record<Server, ExistenceEntry>>

export interface StatusZone {
  readonly zoneId: string
  readonly type: string
  readonly existence: ExistenceMap
}

export interface StatusStage {
  readonly stageId: string
  readonly zoneId: string
  readonly existence: ExistenceMap
  readonly dropInfos?: readonly unknown[] | null
}

/**
 * Whether `obj` exists on `server`: no entry for the server counts as existing. With `at`, the
 * time must also lie within `[openTime, closeTime]` where they are given.
 */
export const existsOn = (obj: { readonly existence: ExistenceMap }, server: Server, at?: number): boolean => {
  const e = obj.existence[server]
  if (!e) return true
  if (at !== undefined) {
    if (e.openTime != null && e.openTime > at) return false
    if (e.closeTime != null && e.closeTime < at) return false
  }
  return e.exist
}

/** An activity zone's period on `server`: `null` = permanently open (neither time given); else -1 upcoming, 0 open, 1 closed. */
export const zoneTimeValid = (zone: StatusZone, server: Server, at: number): -1 | 0 | 1 | null => {
  const e = zone.existence[server]
  const open = e?.openTime ?? null
  const close = e?.closeTime ?? null
  if (open === null && close === null) return null
  if (open !== null && at < open) return -1
  if (close !== null && at > close) return 1
  return 0
}

/**
 * Outdated zones are outside the reportable time: only `ACTIVITY` zones (limited-time events) have
 * a period; they are outdated before they open and after they close. Other zones never are.
 */
export const isZoneOutdated = (zone: StatusZone, server: Server, at: number): boolean => {
  if (zone.type !== 'ACTIVITY') return false
  const valid = zoneTimeValid(zone, server, at)
  return valid !== null && valid !== 0
}

/**
 * Why `stage` of `zone` cannot be reported on `server` at `at`, or `null` when it can, checked in
 * the web client's order: zone missing or not on the server (no time check) → NOT_FOUND; zone
 * outdated → EXPIRED; stage missing, not on the server or not in this zone → NOT_FOUND; no drop
 * infos → INVALID (the API omits them for stages that are not open now).
 */
export const reportClosedReason = (zone: StatusZone | undefined, stage: StatusStage | undefined, server: Server, at: number): ClosedReason | null => {
  if (!zone || !existsOn(zone, server)) return 'NOT_FOUND'
  if (isZoneOutdated(zone, server, at)) return 'EXPIRED'
  if (!stage || stage.zoneId !== zone.zoneId || !existsOn(stage, server)) return 'NOT_FOUND'
  if (!stage.dropInfos || stage.dropInfos.length === 0) return 'INVALID'
  return null
}
