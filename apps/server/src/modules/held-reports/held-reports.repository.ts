import type { DropType, Server } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { insertReportRows, takeIdempotencyKeys, type InsertOutcome, type NewReport } from '../reports/reports.repository'
import type { HeldReason, HeldReport, HeldState } from './held-report'

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

/** Held reports waiting for the same data: one stage and one set of unknown items. */
export interface HeldGroup {
  stageId: string
  unknownItems: string[]
  count: number
}

/** A held report as its owner sees it. */
export interface HeldRow {
  reportHash: string
  server: Server
  stageId: string
  drops: HeldReport['drops']
  times: number | null
  source: string
  version: string
  createdAt: number
  reason: HeldReason
  unknownItems: string[]
  state: HeldState
  decidedAt: number | null
  rejectedReason: string | null
}

interface StoredRow {
  report_hash: string
  server: Server
  stage_id: string
  drops: { dropType: DropType; itemId: string; quantity: number }[]
  times: number | null
  account_id: number | string
  source: string
  version: string
  category: 'automated' | 'manual'
  created_at: number | string
  ip: string | null
  md5: string | null
  metadata: unknown
  held_reason: HeldReason
  unknown_items: string[]
  state: HeldState
  decided_at: number | string | null
  rejected_reason: string | null
}

const toHeld = (r: StoredRow): HeldReport => ({
  reportHash: r.report_hash,
  server: r.server,
  stageId: r.stage_id,
  drops: r.drops,
  times: r.times,
  accountId: Number(r.account_id),
  source: r.source,
  version: r.version,
  category: r.category,
  createdAt: Number(r.created_at),
  ip: r.ip,
  md5: r.md5,
  metadata: r.metadata,
  reason: r.held_reason,
  unknownItems: r.unknown_items,
})

export const createHeldReportsRepository = (db: Db) => ({
  /**
   * Stores held reports in one transaction; when it returns they are committed. A report's idempotency key is
   * committed with it; a report whose key already named a stored answer is not held, and gets that answer.
   */
  insertBatch: (all: readonly HeldReport[]) =>
    db.kysely.transaction().execute(async (trx): Promise<InsertOutcome[]> => {
      const outcomes = await takeIdempotencyKeys(trx, all)
      const reports = all.filter((_, i) => outcomes[i]?.stored).map(({ idempotency: _key, ...r }) => r)
      if (reports.length === 0) return outcomes
      await sql`
        insert into held_reports (report_hash, server, stage_id, drops, times, account_id, source, version, category, created_at,
                                  ip, md5, metadata, held_reason, unknown_items)
        select x."reportHash", x.server, x."stageId", x.drops, x.times, x."accountId", x.source, x.version, x.category, x."createdAt",
               x.ip, x.md5, x.metadata, x.reason, x."unknownItems"
        from jsonb_to_recordset(${json(reports)}) as x("reportHash" text, server text, "stageId" text, drops jsonb, times int,
             "accountId" bigint, source text, version text, category text, "createdAt" bigint, ip text, md5 text, metadata jsonb,
             reason text, "unknownItems" jsonb)`.execute(trx)
      return outcomes
    }),

  /** What is still held, by stage and unknown items (one cheap query on a partial index; none when nothing is held). */
  groups: async (): Promise<HeldGroup[]> => {
    const { rows } = await sql<{ stage_id: string; unknown_items: string[]; n: number }>`
      select stage_id, unknown_items, count(*)::int as n from held_reports where state = 'held'
      group by stage_id, unknown_items order by stage_id`.execute(db.kysely)
    return rows.map((r) => ({ stageId: r.stage_id, unknownItems: r.unknown_items, count: r.n }))
  },

  /**
   * Moves up to `limit` held reports of one group into drop_reports (reliability null: the aggregation
   * worker verifies them) and marks them released, in one transaction. Rows are locked (`skip locked`)
   * and must still be held, so two processes releasing at once move each report once. Returns how many moved.
   */
  releaseGroup: (group: Pick<HeldGroup, 'stageId' | 'unknownItems'>, limit: number, build: (held: HeldReport) => NewReport, now: number) =>
    db.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<StoredRow & { held_id: number }>`
        select * from held_reports
        where state = 'held' and stage_id = ${group.stageId} and unknown_items = ${json(group.unknownItems)}
        order by held_id limit ${limit}
        for update skip locked`.execute(trx)
      if (rows.length === 0) return 0
      await insertReportRows(
        trx,
        rows.map((r) => build(toHeld(r))),
      )
      await sql`update held_reports set state = 'released', decided_at = ${now}
                where held_id in (select (jsonb_array_elements_text(${json(rows.map((r) => r.held_id))}))::bigint)`.execute(trx)
      return rows.length
    }),

  /** Marks a group's reports that arrived before `before` rejected, with the reason. Returns how many. */
  rejectGroup: async (group: Pick<HeldGroup, 'stageId' | 'unknownItems'>, before: number, reason: string, now: number) => {
    const { rows } = await sql<{ n: number }>`
      with rejected as (
        update held_reports set state = 'rejected', decided_at = ${now}, rejected_reason = ${reason}
        where state = 'held' and stage_id = ${group.stageId} and unknown_items = ${json(group.unknownItems)} and created_at < ${before}
        returning 1)
      select count(*)::int as n from rejected`.execute(db.kysely)
    return rows[0]?.n ?? 0
  },

  /** The owner's recall of a report still held (created after `notBefore`): true when one was recalled. */
  recall: async (reportHash: string, accountId: number, notBefore: number, now: number) => {
    const { rows } = await sql`
      update held_reports set state = 'recalled', decided_at = ${now}
      where report_hash = ${reportHash} and account_id = ${accountId} and created_at >= ${notBefore} and state = 'held'
      returning held_id`.execute(db.kysely)
    return rows.length > 0
  },

  /** An account's held reports, newest first. */
  ofAccount: async (accountId: number, limit: number): Promise<HeldRow[]> => {
    const { rows } = await sql<StoredRow>`
      select * from held_reports where account_id = ${accountId} order by created_at desc, held_id desc limit ${limit}`.execute(db.kysely)
    return rows.map((r) => ({
      reportHash: r.report_hash,
      server: r.server,
      stageId: r.stage_id,
      drops: r.drops,
      times: r.times,
      source: r.source,
      version: r.version,
      createdAt: Number(r.created_at),
      reason: r.held_reason,
      unknownItems: r.unknown_items,
      state: r.state,
      decidedAt: r.decided_at === null ? null : Number(r.decided_at),
      rejectedReason: r.rejected_reason,
    }))
  },
})
export type HeldReportsRepository = ReturnType<typeof createHeldReportsRepository>
