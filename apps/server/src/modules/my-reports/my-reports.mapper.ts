import { RELIABILITY } from '@dropwise/report'
import type { MyReport, MyReportRejection } from '@dropwise/schemas'
import type { OwnReportRow } from './my-reports.repository'

/** Why a stored report does not count, from its reliability code (api-v2.md §7.4); null when it counts or awaits verification. */
const rejectionOf = (reliability: number): MyReportRejection | null => {
  if (reliability === RELIABILITY.ok) return null
  if (reliability === RELIABILITY.duplicateScreenshot) return 'duplicate-screenshot'
  if (reliability === RELIABILITY.dropTableMismatch) return 'drop-table-mismatch'
  if (reliability === RELIABILITY.accountMissing) return 'account-missing'
  if (reliability === RELIABILITY.legacyUnreliable) return 'legacy'
  return 'rule'
}

/** What the data did not know of a held report: `stage act47side_01`, `items 30175, 30185`. */
const unknownOf = (row: OwnReportRow) => {
  if (row.held_reason === 'unknown-stage') return `stage ${row.stage_id}`
  const items = row.unknown_items ?? []
  return `item${items.length === 1 ? '' : 's'} ${items.join(', ')}`
}

/**
 * A row as its owner sees it. `recallableUntil` follows the recall rule (`POST /report/recall`): a stored report
 * not yet recalled, or a report still held, within `windowMs` of its arrival.
 */
export const toMyReport = (row: OwnReportRow, now: number, windowMs: number): MyReport => {
  const createdAt = Number(row.created_at)
  const base = {
    reportHash: row.report_hash,
    server: row.server,
    stageId: row.stage_id,
    createdAt,
    drops: row.drops,
    times: row.times,
    source: row.source,
    version: row.version,
    category: row.category,
  }
  const until = createdAt + windowMs > now ? createdAt + windowMs : null
  if (row.held_state !== null) {
    if (row.held_state === 'held') return { ...base, status: 'held', rejection: null, detail: unknownOf(row), recallableUntil: until }
    if (row.held_state === 'rejected') return { ...base, status: 'rejected', rejection: 'unknown-data', detail: unknownOf(row), recallableUntil: null }
    return { ...base, status: 'recalled', rejection: null, detail: null, recallableUntil: null }
  }
  if (row.reliability === RELIABILITY.recalled) return { ...base, status: 'recalled', rejection: null, detail: null, recallableUntil: null }
  const rejection = row.reliability === null ? null : rejectionOf(row.reliability)
  return { ...base, status: rejection ? 'rejected' : 'stored', rejection, detail: null, recallableUntil: until }
}
