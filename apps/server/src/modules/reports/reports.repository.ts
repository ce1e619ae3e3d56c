import type { Server } from '@dropwise/schemas'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database'
import type { Db } from '../../db/db'
import { applyToAggregates, bumpVersion } from '../aggregation/aggregation.repository'
import { DEMO_SOURCE } from '../demo/demo-source'
import type { IdempotencyRecord, StoredResponse } from './idempotency.store'

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
  /** The idempotency key the report was sent with: committed with it, or the report is not stored. */
  idempotency?: IdempotencyRecord
}

/** What became of a report of a batch: stored, or not because its key already named a stored answer. */
export type InsertOutcome = { stored: true } | { stored: false; answer: StoredResponse }
const STORED: InsertOutcome = { stored: true }

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`

/** The reports' drop patterns, deduplicated by hash (a pattern already stored is kept). */
const insertPatterns = async (trx: Transaction<Database>, reports: readonly Pick<NewReport, 'patternHash' | 'pattern'>[]) => {
  await sql`
    insert into drop_patterns (hash, drops)
    select distinct on (x."patternHash") x."patternHash", x.pattern
    from jsonb_to_recordset(${json(reports)}) as x("patternHash" text, pattern jsonb)
    order by x."patternHash"
    on conflict (hash) do nothing`.execute(trx)
}

/**
 * Inserts reports (and their patterns, deduplicated by hash) with reliability null, inside the caller's
 * transaction: the write path's batches, and held reports released once the data knows them.
 */
export const insertReportRows = async (trx: Transaction<Database>, reports: readonly NewReport[]) => {
  await insertPatterns(trx, reports)
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

/**
 * For a write path that cannot fold the keys into its insert (held reports): takes the idempotency keys of
 * `reports` inside the caller's transaction, with the same rule as `insertBatch` (a key is taken when free,
 * expired, or an old lock row), and tells for each report whether to store it or which stored answer it gets.
 */
export const takeIdempotencyKeys = async (
  trx: Transaction<Database>,
  reports: readonly { createdAt: number; idempotency?: IdempotencyRecord | undefined }[],
): Promise<InsertOutcome[]> => {
  const claimed = new Map<string, number>()
  const keys: { key: string; status: number; headers: Record<string, string | string[]>; body: string; expiresAt: number }[] = []
  reports.forEach((r, i) => {
    if (!r.idempotency || claimed.has(r.idempotency.key)) return
    claimed.set(r.idempotency.key, i)
    keys.push({ key: r.idempotency.key, ...r.idempotency.response, expiresAt: r.idempotency.expiresAt })
  })
  if (keys.length === 0) return reports.map(() => STORED)
  const now = Math.min(...reports.map((r) => r.createdAt))
  const { rows } = await sql<{ idem_key: string }>`
    insert into idempotency_keys (idem_key, status, headers, body, expires_at)
    select k.key, k.status, k.headers, k.body, k."expiresAt"
    from jsonb_to_recordset(${json(keys)}) as k(key text, status int, headers jsonb, body text, "expiresAt" bigint)
    order by k.key
    on conflict (idem_key) do update set status = excluded.status, headers = excluded.headers, body = excluded.body,
      expires_at = excluded.expires_at
      where idempotency_keys.status = 0 or idempotency_keys.expires_at <= ${now}
    returning idem_key`.execute(trx)
  const taken = new Set(rows.map((r) => r.idem_key))
  const lost = [...claimed.keys()].filter((k) => !taken.has(k))
  const answers = new Map(
    lost.length === 0
      ? []
      : (await trx.selectFrom('idempotency_keys').select(['idem_key', 'status', 'headers', 'body']).where('idem_key', 'in', lost).execute()).map(
          (row) => [row.idem_key, { status: row.status, headers: row.headers as Record<string, string>, body: row.body }] as const,
        ),
  )
  return reports.map((r, i): InsertOutcome => {
    const key = r.idempotency?.key
    if (key === undefined || (taken.has(key) && claimed.get(key) === i)) return STORED
    // A key taken by an earlier report of this batch: that report's answer (the first one's).
    const answer = taken.has(key) ? keys.find((k) => k.key === key) : answers.get(key)
    if (!answer) throw new Error(`idempotency key of a held report holds no answer`)
    return { stored: false, answer: { status: answer.status, headers: answer.headers, body: answer.body } }
  })
}

export const createReportsRepository = (db: Db) => ({
  /**
   * Stores a batch of reports in one transaction (patterns deduplicated by hash). When it returns,
   * every report of the batch that it says is stored is committed: the caller may acknowledge it.
   * A report's idempotency key is written in the same statement as the report, and the report only
   * when its key was free (or held an expired answer, or a lock row of an older version): a key already
   * answered, by a process that crashed before answering, by another process or earlier in this batch,
   * keeps its one report, and the later report gets that answer instead. No extra round trip unless a
   * key was taken.
   */
  insertBatch: (reports: readonly NewReport[]) =>
    db.kysely.transaction().execute(async (trx): Promise<InsertOutcome[]> => {
      await insertPatterns(trx, reports)
      const claimed = new Set<string>()
      const keys: { key: string; status: number; headers: Record<string, string | string[]>; body: string; expiresAt: number }[] = []
      const rows: (Omit<NewReport, 'idempotency'> & { idemKey: string | null })[] = []
      for (const { idempotency: idem, ...report } of reports) {
        if (idem && claimed.has(idem.key)) continue // a duplicate within the batch: the first one takes the key
        if (idem) {
          claimed.add(idem.key)
          keys.push({ key: idem.key, ...idem.response, expiresAt: idem.expiresAt })
        }
        rows.push({ ...report, idemKey: idem?.key ?? null })
      }
      const now = Math.min(...reports.map((r) => r.createdAt))
      const inserted = await sql<{ report_hash: string }>`
        with taken as (
          insert into idempotency_keys (idem_key, status, headers, body, expires_at)
          select k.key, k.status, k.headers, k.body, k."expiresAt"
          from jsonb_to_recordset(${json(keys)}) as k(key text, status int, headers jsonb, body text, "expiresAt" bigint)
          -- Keys taken in one order by every batch: two batches waiting for each other's keys cannot deadlock.
          order by k.key
          on conflict (idem_key) do update set status = excluded.status, headers = excluded.headers, body = excluded.body,
            expires_at = excluded.expires_at
            where idempotency_keys.status = 0 or idempotency_keys.expires_at <= ${now}
          returning idem_key
        )
        insert into drop_reports (report_hash, server, stage_id, pattern_id, drops, times, account_id, source, version, category,
                                  created_at, ip, md5, metadata)
        select x."reportHash", x.server, x."stageId", p.pattern_id, x.drops, x.times, x."accountId", x.source, x.version,
               x.category, x."createdAt", x.ip, x.md5, x.metadata
        from jsonb_to_recordset(${json(rows)}) as x("reportHash" text, server text, "stageId" text, "patternHash" text,
             drops jsonb, times int, "accountId" bigint, source text, version text, category text, "createdAt" bigint,
             ip text, md5 text, metadata jsonb, "idemKey" text)
        join drop_patterns p on p.hash = x."patternHash"
        where x."idemKey" is null or x."idemKey" in (select idem_key from taken)
        returning report_hash`.execute(trx)
      if (keys.length === 0) return reports.map(() => STORED)
      const stored = new Set(inserted.rows.map((r) => r.report_hash))
      const taken = reports.filter((r) => r.idempotency && !stored.has(r.reportHash)).map((r) => r.idempotency?.key ?? '')
      if (taken.length === 0) return reports.map(() => STORED)
      const answers = new Map(
        (await trx.selectFrom('idempotency_keys').select(['idem_key', 'status', 'headers', 'body']).where('idem_key', 'in', taken).execute()).map((row) => [
          row.idem_key,
          { status: row.status, headers: row.headers as Record<string, string>, body: row.body },
        ]),
      )
      return reports.map((r): InsertOutcome => {
        if (!r.idempotency || stored.has(r.reportHash)) return STORED
        const answer = answers.get(r.idempotency.key)
        // Cannot happen (a key not taken holds a live answer); fail the batch rather than lose a report.
        if (!answer) throw new Error(`idempotency key of report ${r.reportHash} holds no answer`)
        return { stored: false, answer }
      })
    }),

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
