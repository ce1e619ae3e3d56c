import type { DropType, Existence, I18n, Server, Stage } from '@dropwise/schemas'

/**
 * The catalog's domain types: what other modules receive from the catalog service (never database rows).
 * A wire `Stage` depends on the server and the instant (its active drop infos); these do not.
 */

/** A stage as stored for every server. */
export interface StageRecord {
  stageId: string
  zoneId: string
  stageType: Stage['stageType']
  /** Stage code per language (the wire name). */
  code_i18n: I18n
  apCost: number
  minClearTime: number | null
  existence: Existence
  /** Gacha-box stages: their drops never enter the pattern matrix. */
  isGacha: boolean
}

/** One drop info: what a stage may drop on a server over `[startAt, endAt)`. */
export interface DropInfoRecord {
  server: Server
  stageId: string
  /** Null for a stage-level entry (e.g. the number of kinds of NORMAL_DROP). */
  itemId: string | null
  /** A wire drop type, or `RECOGNITION_ONLY`: an item the recognizer knows on the stage, never part of the drop table. */
  dropType: DropType | 'RECOGNITION_ONLY'
  /** Bounds of the quantity per run; null on recognition-only entries. */
  lowerBound: number | null
  upperBound: number | null
  exceptions: number[] | null
  /** Epoch ms. */
  startAt: number
  /** Epoch ms, exclusive; `NO_END_MS` while open-ended. */
  endAt: number
  /** Whether the pair's numbers carry over from the previous range (`@dropwise/stats` `currentPeriod`). */
  accumulable: boolean
  /** Fields the raw data lacked and the importer inferred (e.g. `dropType`); absent when none. The recognizer pack's stage index reads it. */
  inferred?: readonly string[]
}

/** A drop info is active at `now` when its range contains it: start ≤ now < end. */
export const isActiveAt = (info: Pick<DropInfoRecord, 'startAt' | 'endAt'>, now: number) => info.startAt <= now && now < info.endAt

/** An item-level entry of the drop table (not stage-level, not recognition-only). */
export const isItemLevel = (info: DropInfoRecord): info is DropInfoRecord & { itemId: string } => info.itemId !== null && info.dropType !== 'RECOGNITION_ONLY'
