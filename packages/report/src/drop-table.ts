import { DROP_TYPES, type DropType, type REPORT_DROP_TYPES, type Server } from '@dropwise/schemas'
import { rangeContains } from '@dropwise/stats'

/**
 * Drop tables as the report rules see them: plain structural types, so both the wire `DropInfoV2`
 * (`itemId` optional) and the seed's drop infos (`itemId` nullable, `RECOGNITION_ONLY`, `bounds`
 * nullable) can be passed as they are.
 */

/** Per-run bounds: allowed `[lower, upper]`; `exceptions` are values inside that are impossible anyway. */
export interface DropBounds {
  readonly lower: number
  readonly upper: number
  readonly exceptions?: readonly number[] | null
}

/** Drop type of a report entry; `REGULAR_DROP` is an alias of `NORMAL_DROP`. */
export type ReportDropType = (typeof REPORT_DROP_TYPES)[number]

/**
 * One drop-table entry. With `itemId`: the item's quantity bounds under `dropType`; without
 * (`undefined`/`null`): bounds on the number of distinct items under `dropType`.
 * `RECOGNITION_ONLY` entries and entries without bounds are not rules and are skipped by every check.
 */
export interface DropTableEntry {
  readonly itemId?: string | null
  readonly dropType: DropType | 'RECOGNITION_ONLY'
  readonly bounds: DropBounds | null
}

/** A drop-table entry with its server, stage and validity range (the seed's shape). */
export interface TimedDropTableEntry extends DropTableEntry {
  readonly server: Server
  readonly stageId: string
  readonly start: number
  readonly end: number | null
}

/** A drop-table entry that is a rule: a real drop type and bounds. */
export interface DropRule {
  readonly itemId: string | null
  readonly dropType: DropType
  readonly bounds: DropBounds
}

/** The rules among `entries`: recognition-only and bound-less entries removed, `itemId` normalised to `null`. */
export const dropRules = (entries: readonly DropTableEntry[]): DropRule[] =>
  entries.flatMap((e) => (e.dropType === 'RECOGNITION_ONLY' || e.bounds === null ? [] : [{ itemId: e.itemId ?? null, dropType: e.dropType, bounds: e.bounds }]))

/**
 * The drop table that applies to a report: entries of `server` and `stageId` whose range contains
 * `at` (`start ≤ at < end`, open end = forever), recognition-only entries excluded (api-v2.md §7.4).
 */
export const activeDropTable = <T extends TimedDropTableEntry>(entries: readonly T[], server: Server, stageId: string, at: number): T[] =>
  entries.filter((e) => e.server === server && e.stageId === stageId && e.dropType !== 'RECOGNITION_ONLY' && rangeContains(e, at))

/** The canonical drop type: `REGULAR_DROP` → `NORMAL_DROP`, others unchanged. */
export const canonicalDropType = (dropType: ReportDropType): DropType => (dropType === 'REGULAR_DROP' ? 'NORMAL_DROP' : dropType)

/** Whether `value` is a drop type a report may use (`REGULAR_DROP` included). */
export const isReportDropType = (value: string): value is ReportDropType => value === 'REGULAR_DROP' || (DROP_TYPES as readonly string[]).includes(value)
