import type { Category, Server } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { toMatrixBaseline, type MatrixBaseline } from './matrix.mapper'

/** A pair's window in server-local days: [fromDay, toDay). */
export interface PairWindow {
  stageId: string
  itemId: string
  fromDay: number
  toDay: number
}

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`

/** Counts behind the drop matrix: imported baselines, per-day aggregates and (personal) raw reports. */
export const createMatrixRepository = (db: Db) => ({
  /**
   * What identifies the baselines in effect: the loaded seed's content hash and each upstream answer applied
   * (issue 40; they change only when a seed loads or an upstream answer replaces a server's).
   */
  baselineStamp: async (): Promise<string | null> => {
    const { rows } = await sql<{ stamp: string | null }>`
      select (select value #>> '{}' from properties where key = 'seed.contentHash')
        || coalesce((select string_agg(server || ':' || sha256 || ':' || fetched_at, ',' order by server) from upstream_fetches), '') as stamp`.execute(db.kysely)
    return rows[0]?.stamp ?? null
  },

  /** The baselines in effect on a server: the upstream's last good answer once there is one, else the seed's. */
  baselines: async (server: Server): Promise<MatrixBaseline[]> =>
    (
      await db.kysely
        .selectFrom('baselines_in_effect')
        .select(['stage_id', 'item_id', 'times', 'quantity', 'std_dev', 'start_at', 'end_at', 'upstream'])
        .where('server', '=', server)
        .orderBy('stage_id')
        .orderBy('item_id')
        .execute()
    ).map(toMatrixBaseline),

  /** All-time totals per stage (with the range of days that hold data) and per (stage, item). */
  totals: async (server: Server, category: Category) => {
    const [stages, items] = await Promise.all([
      db.kysely.selectFrom('agg_stage_total').select(['stage_id', 'times', 'min_day', 'max_day']).where('server', '=', server).where('category', '=', category).execute(),
      db.kysely
        .selectFrom('agg_item_total')
        .select(['stage_id', 'item_id', 'quantity', 'quantity_sq'])
        .where('server', '=', server)
        .where('category', '=', category)
        .execute(),
    ])
    return { stages, items }
  },

  /**
   * Σ times (of the stage), Σ quantity and Σ q² (of the item) over each pair's day window: summed by the
   * database from the per-day aggregates, so the cost grows with days × pairs, never with reports.
   */
  windowSums: async (server: Server, category: Category, windows: readonly PairWindow[]) => {
    if (windows.length === 0) return []
    // The planner cannot see how many windows the jsonb holds; a nested loop over it re-reads the
    // function per aggregate row (quadratic), so hash joins are forced for this one statement.
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_nestloop = off`.execute(trx)
      const rows = await sql<{ stage_id: string; item_id: string; times: number; quantity: number; quantity_sq: number }>`
      with w as (
        select * from jsonb_to_recordset(${json(windows)}) as w("stageId" text, "itemId" text, "fromDay" int, "toDay" int)
      ), q as (
        select w."stageId" as stage_id, w."itemId" as item_id, sum(a.quantity) as quantity, sum(a.quantity_sq) as quantity_sq
        from w join agg_item_daily a
          on a.server = ${server} and a.category = ${category} and a.stage_id = w."stageId" and a.item_id = w."itemId"
         and a.day >= w."fromDay" and a.day < w."toDay"
        group by 1, 2
      ), t as (
        select w."stageId" as stage_id, w."itemId" as item_id, sum(s.times) as times
        from w join agg_stage_daily s
          on s.server = ${server} and s.category = ${category} and s.stage_id = w."stageId"
         and s.day >= w."fromDay" and s.day < w."toDay"
        group by 1, 2
      )
      select t.stage_id, t.item_id, t.times, coalesce(q.quantity, 0) as quantity, coalesce(q.quantity_sq, 0) as quantity_sq
      from t left join q on q.stage_id = t.stage_id and q.item_id = t.item_id`.execute(trx)
      return rows.rows
    })
  },

  /**
   * Runs behind a stage's numbers (or the whole server's, `stageId` null): the imported history (per
   * stage its largest item total; the upstream's once it answered, issue 40), the all-time aggregates per
   * category (`demo` = simulated reports), and when the history was fetched (the upstream's answer, else
   * `baselines.fetchedAt`) and from which upstream.
   */
  basisCounts: async (server: Server, stageId: string | null) => {
    const stage = stageId === null ? sql`` : sql`and stage_id = ${stageId}`
    const [imported, totals, fetchedAt, upstream] = await Promise.all([
      sql<{ runs: number | null }>`
        select sum(m) as runs from (select max(times) as m from baselines_in_effect where server = ${server} ${stage} group by stage_id) x`.execute(db.kysely),
      sql<{ category: string; times: number; reports: number }>`
        select category, sum(times) as times, sum(reports) as reports from agg_stage_total
        where server = ${server} ${stage} group by category`.execute(db.kysely),
      db.kysely.selectFrom('properties').select('value').where('key', '=', 'baselines.fetchedAt').executeTakeFirst(),
      db.kysely.selectFrom('upstream_fetches').select(['url', 'fetched_at']).where('server', '=', server).executeTakeFirst(),
    ])
    return {
      imported: imported.rows[0]?.runs ?? 0,
      totals: totals.rows,
      // An upstream answer in effect (issue 40) dates the history at its fetch.
      fetchedAt: (upstream ? Number(upstream.fetched_at) : (fetchedAt?.value ?? null)) as unknown,
      upstream: upstream?.url ?? null,
    }
  },
  /** The account's reports on a server that count for it (reliability ≥ 0 or not yet verified). */
  personalReports: (accountId: number, server: Server) =>
    sql<{ stage_id: string; times: number; created_at: number; category: string; pattern: { itemId: string; quantity: number }[] }>`
      select r.stage_id, r.times, r.created_at, r.category, p.drops as pattern
      from drop_reports r join drop_patterns p on p.pattern_id = r.pattern_id
      where r.account_id = ${accountId} and r.server = ${server} and (r.reliability is null or r.reliability >= 0)`
      .execute(db.kysely)
      .then((r) => r.rows),
})
export type MatrixRepository = ReturnType<typeof createMatrixRepository>
