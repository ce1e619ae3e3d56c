import type { Server } from '@dropwise/schemas'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database'
import type { Db } from '../../db/db'
import { applyToAggregates, bumpVersion } from '../aggregation/aggregation.repository'
import { DEMO_SOURCE } from '../demo/demo-source'

/** A report ready to store: normalised, with its account and drop pattern. */
export interface NewReport {
  reportHash: string
  server: Server
  stageId: string
  patternHash: string
  /** Item → total quantity, sorted by item id (the drop pattern). */
  pattern: { itemId: string; quantity: number }[]
  /** Normalised typed drops. */
  drops: { dropType: string; itemId: string; quantity: number }[]
  times: number
  accountId: number
  source: string
  version: string
  category: 'automated' | 'manual'
  createdAt: number
  ip: string | null
  md5: string | null
  metadata: unknown
}

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`

/**
 * Inserts reports (and their patterns, deduplicated by hash) with reliability null, inside the caller's
 * transaction: the write path's batches, and held reports released once the data knows them.
 */
export const insertReportRows = async (trx: Transaction<Database>, reports: readonly NewReport[]) => {
  await sql`
    insert into drop_patterns (hash, drops)
    select distinct on (x."patternHash") x."patternHash", x.pattern
    from jsonb_to_recordset(${json(reports)}) as x("patternHash" text, pattern jsonb)
    order by x."patternHash"
    on conflict (hash) do nothing`.execute(trx)
  await sql`
    insert into drop_reports (report_hash, server, stage_id, pattern_id, drops, times, account_id, source, version, category,
                              created_at, ip, md5, metadata)
    select x."reportHash", x.server, x."stageId", p.pattern_id, x.drops, x.times, x."accountId", x.source, x.version,
           x.category, x."createdAt", x.ip, x.md5, x.metadata
    from jsonb_to_recordset(${json(reports)}) as x("reportHash" text, server text, "stageId" text, "patternHash" text,
         drops jsonb, times int, "accountId" bigint, source text, version text, category text, "createdAt" bigint,
         ip text, md5 text, metadata jsonb)
    join drop_patterns p on p.hash = x."patternHash"`.execute(trx)
}

export const createReportsRepository = (db: Db) => ({
  /**
   * Stores a batch of reports in one transaction (patterns deduplicated by hash). When it returns,
   * every report of the batch is committed: the caller may acknowledge them.
   */
  insertBatch: (reports: readonly NewReport[]) => db.kysely.transaction().execute((trx) => insertReportRows(trx, reports)),

  /**
   * Recalls a report of `accountId` created after `notBefore` (api-v2.md §7.6): reliability −1, and
   * when it had been counted, its numbers leave the aggregates in the same transaction.
   * Returns the new data version when aggregates changed, 'recalled' when not, null when nothing matched.
   */
  recall: (reportHash: string, accountId: number, notBefore: number, now: number, isGacha: (stageId: string) => boolean) =>
    db.kysely.transaction().execute(async (trx) => {
      const row = await sql<{
        report_id: number
        server: Server
        stage_id: string
        pattern_id: number
        times: number
        category: 'automated' | 'manual'
        created_at: number
        reliability: number | null
        source: string | null
        pattern: { itemId: string; quantity: number }[]
      }>`
        select r.report_id, r.server, r.stage_id, r.pattern_id, r.times, r.category, r.created_at, r.reliability, r.source, p.drops as pattern
        from drop_reports r join drop_patterns p on p.pattern_id = r.pattern_id
        where r.report_hash = ${reportHash} and r.account_id = ${accountId} and r.created_at >= ${notBefore}
          and (r.reliability is null or r.reliability <> -1)
        for update of r`.execute(trx)
      const report = row.rows[0]
      if (!report) return null
      await trx.updateTable('drop_reports').set({ reliability: -1 }).where('report_id', '=', report.report_id).execute()
      if (report.reliability !== 0) return 'recalled' as const
      await applyToAggregates(
        trx,
        [
          {
            server: report.server,
            category: report.category,
            stageId: report.stage_id,
            createdAt: report.created_at,
            times: report.times,
            patternId: report.pattern_id,
            pattern: report.pattern,
            isGacha: isGacha(report.stage_id),
            // Taken back from where it was counted: a simulated report only under 'demo'.
            simulated: report.source === DEMO_SOURCE,
          },
        ],
        -1,
      )
      return bumpVersion(trx, now)
    }),
})
export type ReportsRepository = ReturnType<typeof createReportsRepository>
