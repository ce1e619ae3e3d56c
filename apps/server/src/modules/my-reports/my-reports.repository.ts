import type { DropType, Server } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import type { HeldReason, HeldState } from '../held-reports/held-report'

/** One of an account's reports as stored: a row of drop_reports, or of held_reports not yet released. */
export interface OwnReportRow {
  report_hash: string
  server: Server
  stage_id: string
  created_at: number | string
  drops: { dropType: DropType; itemId: string; quantity: number }[]
  times: number | null
  source: string
  version: string
  category: 'automated' | 'manual'
  /** drop_reports only (null there while unverified); null for a held row. */
  reliability: number | null
  /** held_reports only; null for a stored row. */
  held_state: Exclude<HeldState, 'released'> | null
  held_reason: HeldReason | null
  unknown_items: string[] | null
  rejected_reason: string | null
}

/** Where a page starts: after the report with this arrival time and hash (newest first). */
export interface OwnReportsCursor {
  createdAt: number
  reportHash: string
}

export const createMyReportsRepository = (db: Db) => ({
  /**
   * An account's reports, newest first (arrival, then hash), from `before` on, at most `limit`. A held report
   * that was released is in drop_reports under the same hash and is read there only.
   */
  page: async (accountId: number, limit: number, before: OwnReportsCursor | null): Promise<OwnReportRow[]> => {
    const after = (t: 'r' | 'h') =>
      before ? sql`and (${sql.ref(`${t}.created_at`)}, ${sql.ref(`${t}.report_hash`)}) < (${before.createdAt}::bigint, ${before.reportHash}::text)` : sql``
    const { rows } = await sql<OwnReportRow>`
      select * from (
        (select r.report_hash, r.server, r.stage_id, r.created_at, r.drops, r.times::int as times, r.source, r.version, r.category,
                r.reliability::int as reliability, null::text as held_state, null::text as held_reason, null::jsonb as unknown_items,
                null::text as rejected_reason
         from drop_reports r where r.account_id = ${accountId} ${after('r')}
         order by r.created_at desc, r.report_hash desc limit ${limit})
        union all
        (select h.report_hash, h.server, h.stage_id, h.created_at, h.drops, h.times::int, h.source, h.version, h.category,
                null::int, h.state, h.held_reason, h.unknown_items, h.rejected_reason
         from held_reports h where h.account_id = ${accountId} and h.state <> 'released' ${after('h')}
         order by h.created_at desc, h.report_hash desc limit ${limit})
      ) x order by created_at desc, report_hash desc limit ${limit}`.execute(db.kysely)
    return rows
  },

  /** The hashes of an account's reports whose hash starts with `prefix` (one recognition batch), arrived since `notBefore`. */
  hashesWithPrefix: async (accountId: number, prefix: string, notBefore: number): Promise<string[]> => {
    const pattern = `${prefix}%`
    const { rows } = await sql<{ report_hash: string }>`
      select report_hash from drop_reports
      where account_id = ${accountId} and created_at >= ${notBefore} and report_hash like ${pattern}
        and (reliability is null or reliability <> -1)
      union
      select report_hash from held_reports
      where account_id = ${accountId} and created_at >= ${notBefore} and report_hash like ${pattern} and state = 'held'
      order by report_hash`.execute(db.kysely)
    return rows.map((r) => r.report_hash)
  },
})
export type MyReportsRepository = ReturnType<typeof createMyReportsRepository>
