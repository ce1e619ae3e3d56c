import type { DropType, Item, Stage } from '@dropwise/schemas'
import { RECRUIT_STAGE_ID } from '@dropwise/stats'
import { ApiError } from '../../lib/api'

/**
 * The report form's state and the pure steps on it (spec 001 §4 "Report flow", web reference rows
 * 89-98): a list of drops where a quantity of 0 or less removes the entry.
 */

export interface DraftDrop {
  readonly dropType: DropType
  readonly itemId: string
  readonly quantity: number
}

/** The API's bound on one drop's quantity (api-v2 §7.1). */
export const MAX_QUANTITY = 1000
export const FURNITURE_ID = 'furni'
/** Drop categories with steppers, in the order the page shows them (spec 001 §9). */
export const STEPPER_DROP_TYPES = ['NORMAL_DROP', 'SPECIAL_DROP', 'EXTRA_DROP'] as const satisfies readonly DropType[]
export type StepperDropType = (typeof STEPPER_DROP_TYPES)[number]
/** The special side-story zone whose stages show a one-time dialog (spec 001 §9). */
export const SPECIAL_SIDE_STORY_ZONE = 'act12side_zone1'
export const SPECIAL_DIALOG_COUNTDOWN_S = 10
export const UNDO_CONFIRM_S = 15
export const UNDO_SUCCESS_MS = 15_000

export const quantityOf = (drops: readonly DraftDrop[], dropType: DropType, itemId: string) =>
  drops.find((d) => d.dropType === dropType && d.itemId === itemId)?.quantity ?? 0

/** Sets one entry's quantity (clamped to the API's maximum); 0 or less removes it. Order of first entry is kept. */
export const setQuantity = (drops: readonly DraftDrop[], dropType: DropType, itemId: string, quantity: number): DraftDrop[] => {
  const q = Math.min(MAX_QUANTITY, Math.floor(quantity))
  const rest = drops.filter((d) => !(d.dropType === dropType && d.itemId === itemId))
  if (!(q > 0)) return rest
  const index = drops.findIndex((d) => d.dropType === dropType && d.itemId === itemId)
  const entry = { dropType, itemId, quantity: q }
  if (index < 0) return [...rest, entry]
  return [...drops.slice(0, index), entry, ...drops.slice(index + 1)]
}

/** +n / −n on one entry; steppers never go below 0. */
export const adjustQuantity = (drops: readonly DraftDrop[], dropType: DropType, itemId: string, delta: number) =>
  setQuantity(drops, dropType, itemId, quantityOf(drops, dropType, itemId) + delta)

export const hasFurniture = (drops: readonly DraftDrop[]) => drops.some((d) => d.dropType === 'FURNITURE' || d.itemId === FURNITURE_ID)

/** On: one `FURNITURE`/`furni`/1 entry; off: every FURNITURE or furni entry removed. */
export const withFurniture = (drops: readonly DraftDrop[], on: boolean): DraftDrop[] => {
  const rest = drops.filter((d) => d.dropType !== 'FURNITURE' && d.itemId !== FURNITURE_ID)
  return on ? [...rest, { dropType: 'FURNITURE', itemId: FURNITURE_ID, quantity: 1 }] : rest
}

/**
 * Whether the stage can drop furniture: its drop table has a furniture rule whose upper bound is
 * above 0 (a rule bounded to 0 says it never drops), and it is not a gacha stage (opening boxes
 * drops no furniture). Otherwise the switch would only produce rejected reports.
 */
export const stageHasFurniture = (stage: Pick<Stage, 'dropInfos'> & { isGacha?: boolean | null }) =>
  stage.isGacha !== true && (stage.dropInfos ?? []).some((d) => (d.dropType === 'FURNITURE' || d.itemId === FURNITURE_ID) && d.bounds.upper > 0)

/** The report notices (spec 001 §2), in order. */
export const NOTICE_RULES = ['rule_1', 'rule_2', 'rule_3', 'rule_4', 'rule_5', 'rule_6'] as const
export type NoticeRule = (typeof NOTICE_RULES)[number]
/**
 * Notices that do not apply to a gacha stage: one clear per report (several openings go in one
 * report), empty reports (an opening always gives something), 3-star clears and first clears
 * (a box has neither).
 */
const NOT_FOR_GACHA: ReadonlySet<NoticeRule> = new Set(['rule_1', 'rule_2', 'rule_4', 'rule_5'])
export const noticeRules = (gacha: boolean): NoticeRule[] => NOTICE_RULES.filter((r) => !(gacha && NOT_FOR_GACHA.has(r)))

/**
 * Whether a stage cannot be reported on this site at all, whatever its opening times: recruitment,
 * counted from the tags tools send through the API (the stats page says it cannot be reported here).
 */
export const isRecruitment = (zone: { type: string } | undefined, stageId: string) => stageId === RECRUIT_STAGE_ID || zone?.type === 'RECRUIT'

export interface DropCategory {
  readonly dropType: StepperDropType
  readonly items: readonly Item[]
}

/**
 * The item grid: per drop category (regular, special, extra) the items of the stage's item-level
 * drop infos, sorted by item sortId; unknown items and empty categories are left out.
 */
export const dropCategories = (stage: Pick<Stage, 'dropInfos'>, itemsById: ReadonlyMap<string, Item>): DropCategory[] =>
  STEPPER_DROP_TYPES.flatMap((dropType) => {
    const ids = new Set((stage.dropInfos ?? []).filter((d) => d.dropType === dropType && d.itemId).map((d) => d.itemId as string))
    const items = [...ids].flatMap((id) => {
      const item = itemsById.get(id)
      return item ? [item] : []
    })
    items.sort((a, b) => a.sortId - b.sortId)
    return items.length ? [{ dropType, items }] : []
  })

/** Items with a +10 button: batch activity items, and every item of a gacha stage (several results at once). */
export const isBatchItem = (item: Pick<Item, 'itemType'>, stage: Pick<Stage, 'isGacha'>) => item.itemType === 'ACTIVITY_ITEM_BATCH' || stage.isGacha === true

export interface ReportBody {
  drops: DraftDrop[]
  stageId: string
  server: string
  source: string
  version: string
}

/** Source name the server counts as a manual (onsite) report (api-v2 §10.6). */
export const REPORT_SOURCE = 'frontend-v2'

export const reportBody = (stageId: string, server: string, drops: readonly DraftDrop[], version: string): ReportBody => ({
  drops: drops.filter((d) => d.quantity > 0).map((d) => ({ dropType: d.dropType, itemId: d.itemId, quantity: d.quantity })),
  stageId,
  server,
  source: REPORT_SOURCE,
  version,
})

/** Why a submission failed, for the message and the advice shown (spec 001 §8). */
export type SubmitFailure = 'network' | 'rateLimited' | 'rejected' | 'server'

export const classifySubmitError = (err: unknown): SubmitFailure => {
  if (!(err instanceof ApiError) || err.status === null) return 'network'
  if (err.status === 429) return 'rateLimited'
  if (err.status >= 500) return 'server'
  return 'rejected'
}

/** The `reportHash` of a `POST /report` answer, or null when the body does not carry one. */
export const reportHashOf = (text: string): string | null => {
  try {
    const body = JSON.parse(text) as { reportHash?: unknown }
    return typeof body.reportHash === 'string' && body.reportHash.length > 0 ? body.reportHash : null
  } catch {
    return null
  }
}
