import { normalizeReport } from '@dropwise/report'
import type { DropType } from '@dropwise/schemas'
import { canonicalPattern, patternHash } from '@dropwise/stats'
import type { NewReport } from '../reports/reports.repository'

/** Why a report is held: its stage, or some of its items, are unknown to the data it arrived under. */
export type HeldReason = 'unknown-stage' | 'unknown-items'
export type HeldState = 'held' | 'released' | 'rejected' | 'recalled'

/** A report kept as received until a data version knows its stage and items. */
export interface HeldReport extends Omit<NewReport, 'patternHash' | 'pattern' | 'drops' | 'times'> {
  /** Submitted drops after recruit-tag resolution, merged by (type, item), canonical types. */
  drops: { dropType: DropType; itemId: string; quantity: number }[]
  /** As submitted; null when absent (gacha runs are counted from the drops once the stage is known). */
  times: number | null
  reason: HeldReason
  /** Item ids the data did not know on arrival, sorted. */
  unknownItems: string[]
}

/**
 * The report a held one becomes once its stage and items are known: normalised under the current data
 * exactly as the write path does, keeping its hash and arrival time (it is verified against the drop
 * infos active then).
 */
export const releasedReport = (held: HeldReport, stage: { isGacha: boolean }, knownItems: ReadonlySet<string>): NewReport => {
  const normalized = normalizeReport({ drops: held.drops, times: held.times }, stage, knownItems)
  const pattern = canonicalPattern(normalized.drops)
  return {
    reportHash: held.reportHash,
    server: held.server,
    stageId: held.stageId,
    patternHash: patternHash(pattern),
    pattern,
    drops: normalized.drops.map((d) => ({ dropType: d.dropType, itemId: d.itemId, quantity: d.quantity })),
    times: normalized.times,
    accountId: held.accountId,
    source: held.source,
    version: held.version,
    category: held.category,
    createdAt: held.createdAt,
    ip: held.ip,
    md5: held.md5,
    metadata: held.metadata,
  }
}
