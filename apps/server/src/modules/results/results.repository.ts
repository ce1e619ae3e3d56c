import type { Category, Server } from '@dropwise/schemas'
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/db'
import { DEMO_SOURCE } from '../demo/demo-source'
import { toMatrixBaseline, type MatrixBaseline } from '../matrix/matrix.mapper'

/** A category of the aggregate tables: the three of the contract, or `demo` (simulated reports, migration 0005). */
export type AggregateCategory = Category | 'demo'

/** A stage's window in server-local day indices (inclusive), for reading daily aggregates. */
export interface StageDayWindow {
  stageId: string
  fromDay: number
  toDay: number
}

/** A stage's window in epoch ms, `[start, end)`, for reading raw reports. */
export interface StageTimeWindow {
  stageId: string
  start: number
  end: number
}

/** Which raw reports count: global = reliability 0; personal = one account's reports with reliability ≥ 0 or unverified. */
export interface ReportFilter {
  server: Server
  stageId: string
  start: number
  end: number
  category: Category
  /** `null` = global. */
  accountId: number | null
  /** Count simulated demo reports too (trends); matrices never do. */
  simulated: boolean
}

/** Report counts of one stored drop pattern. `drops` is the stored pattern: `[{itemId, quantity}]` sorted by item id. */
export interface PatternCountRow {
  stage_id: string
  pattern_id: number
  drops: unknown
  reports: number
}

/** Reports of one pattern in a window: how many, their Σ times (runs), and the runs of simulated ones among them. */
export interface WindowPatternRow {
  pattern_id: number
  drops: unknown
  reports: number
  times: number
  simulated_times: number
}

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

const categoryClause = (alias: string, category: Category): RawBuilder<unknown> => (category === 'all' ? sql`` : sql`and ${sql.ref(`${alias}.category`)} = ${category}`)

const reliabilityClause = (accountId: number | null): RawBuilder<unknown> =>
  accountId === null ? sql`and r.reliability = 0` : sql`and r.account_id = ${accountId} and (r.reliability is null or r.reliability >= 0)`

const simulatedClause = (simulated: boolean): RawBuilder<unknown> => (simulated ? sql`` : sql`and r.source <> ${DEMO_SOURCE}`)

/**
 * Counts behind the pattern matrix, the trends and advanced queries: daily aggregates for global
 * answers, raw reports (through the `(server, stage_id, created_at)` and account indexes) for
 * personal and custom-window answers. Windows travel as one jsonb parameter.
 */
export const createResultsRepository = (db: Db) => ({
  /** Σ pattern counts per (stage, pattern) over each stage's day window, from `agg_pattern_daily`. */
  patternCounts: async (server: Server, category: AggregateCategory, windows: StageDayWindow[]): Promise<PatternCountRow[]> => {
    if (windows.length === 0) return []
    const { rows } = await sql<PatternCountRow>`
      select c.stage_id, c.pattern_id, p.drops, c.reports
      from (
        select a.stage_id, a.pattern_id, sum(a.reports) as reports
        from jsonb_to_recordset(${jsonb(windows)}) as w("stageId" text, "fromDay" int, "toDay" int)
        join agg_pattern_daily a
          on a.server = ${server} and a.category = ${category} and a.stage_id = w."stageId"
         and a.day between w."fromDay" and w."toDay"
        group by a.stage_id, a.pattern_id
      ) c
      join drop_patterns p on p.pattern_id = c.pattern_id
      where c.reports > 0`.execute(db.kysely)
    return rows
  },

  /** Σ single-run reports per stage over each stage's day window, from `agg_stage_daily`. */
  singleRunCounts: async (server: Server, category: AggregateCategory, windows: StageDayWindow[]) => {
    if (windows.length === 0) return []
    const { rows } = await sql<{ stage_id: string; reports: number }>`
      select a.stage_id, sum(a.single_run_reports) as reports
      from jsonb_to_recordset(${jsonb(windows)}) as w("stageId" text, "fromDay" int, "toDay" int)
      join agg_stage_daily a
        on a.server = ${server} and a.category = ${category} and a.stage_id = w."stageId"
       and a.day between w."fromDay" and w."toDay"
      group by a.stage_id`.execute(db.kysely)
    return rows
  },

  /** One account's single-run reports (reliability ≥ 0 or unverified) per (stage, pattern) inside each stage's window. */
  personalPatternCounts: async (server: Server, category: Category, accountId: number, windows: StageTimeWindow[]): Promise<PatternCountRow[]> => {
    if (windows.length === 0) return []
    const { rows } = await sql<PatternCountRow>`
      select c.stage_id, c.pattern_id, p.drops, c.reports
      from (
        select r.stage_id, r.pattern_id, count(*) as reports
        from jsonb_to_recordset(${jsonb(windows)}) as w("stageId" text, start bigint, "end" bigint)
        join drop_reports r
          on r.account_id = ${accountId} and r.server = ${server} and r.stage_id = w."stageId"
         and r.created_at >= w.start and r.created_at < w."end"
        where r.times = 1 and (r.reliability is null or r.reliability >= 0) ${categoryClause('r', category)}
        group by r.stage_id, r.pattern_id
      ) c
      join drop_patterns p on p.pattern_id = c.pattern_id`.execute(db.kysely)
    return rows
  },

  /** Per-day Σ times of every stage in days `fromDay … toDay`, from `agg_stage_daily`. */
  stageDays: (server: Server, category: AggregateCategory, fromDay: number, toDay: number) =>
    db.kysely
      .selectFrom('agg_stage_daily')
      .select(['stage_id', 'day', 'times'])
      .where('server', '=', server)
      .where('category', '=', category)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .execute(),

  /** Per-day Σ quantity of every (stage, item) in days `fromDay … toDay`, from `agg_item_daily`. */
  itemDays: (server: Server, category: AggregateCategory, fromDay: number, toDay: number) =>
    db.kysely
      .selectFrom('agg_item_daily')
      .select(['stage_id', 'item_id', 'day', 'quantity'])
      .where('server', '=', server)
      .where('category', '=', category)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .execute(),

  /** Reports of one stage in `[start, end)` grouped by pattern (custom-window matrix, §10.3). */
  windowPatterns: async (f: ReportFilter): Promise<WindowPatternRow[]> => {
    const { rows } = await sql<WindowPatternRow>`
      select c.pattern_id, p.drops, c.reports, c.times, c.simulated_times
      from (
        select r.pattern_id, count(*) as reports, sum(r.times) as times,
               coalesce(sum(r.times) filter (where r.source = ${DEMO_SOURCE}), 0) as simulated_times
        from drop_reports r
        where r.server = ${f.server} and r.stage_id = ${f.stageId}
          and r.created_at >= ${f.start} and r.created_at < ${f.end}
          ${reliabilityClause(f.accountId)} ${categoryClause('r', f.category)} ${simulatedClause(f.simulated)}
        group by r.pattern_id
      ) c
      join drop_patterns p on p.pattern_id = c.pattern_id`.execute(db.kysely)
    return rows
  },

  /**
   * Reports of one stage in `[start, end)` grouped by bucket `⌊(created − start) / intervalMs⌋` and
   * pattern (custom-window trend, §8.4).
   */
  windowBucketPatterns: async (f: ReportFilter, intervalMs: number): Promise<(WindowPatternRow & { bucket: number })[]> => {
    const { rows } = await sql<WindowPatternRow & { bucket: number }>`
      select c.bucket, c.pattern_id, p.drops, c.reports, c.times, c.simulated_times
      from (
        select ((r.created_at - ${f.start}::bigint) / ${intervalMs}::bigint) as bucket,
               r.pattern_id, count(*) as reports, sum(r.times) as times,
               coalesce(sum(r.times) filter (where r.source = ${DEMO_SOURCE}), 0) as simulated_times
        from drop_reports r
        where r.server = ${f.server} and r.stage_id = ${f.stageId}
          and r.created_at >= ${f.start} and r.created_at < ${f.end}
          ${reliabilityClause(f.accountId)} ${categoryClause('r', f.category)} ${simulatedClause(f.simulated)}
        group by 1, r.pattern_id
      ) c
      join drop_patterns p on p.pattern_id = c.pattern_id`.execute(db.kysely)
    return rows
  },

  /** Imported history of one stage on a server (category `all` only): the baselines in effect (issue 40). */
  stageBaselines: async (server: Server, stageId: string): Promise<MatrixBaseline[]> =>
    (
      await db.kysely
        .selectFrom('baselines_in_effect')
        .select(['stage_id', 'item_id', 'times', 'quantity', 'std_dev', 'start_at', 'end_at'])
        .where('server', '=', server)
        .where('stage_id', '=', stageId)
        .execute()
    ).map(toMatrixBaseline),

  /** When the upstream's answer in effect on a server was fetched (issue 40), or `null` while the seed's baselines serve. */
  upstreamFetchedAt: async (server: Server): Promise<number | null> => {
    const row = await db.kysely.selectFrom('upstream_fetches').select('fetched_at').where('server', '=', server).executeTakeFirst()
    return row ? Number(row.fetched_at) : null
  },

  /** A property's value (e.g. `baselines.fetchedAt`), or `null`. */
  property: async (key: string) => (await db.kysely.selectFrom('properties').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null,
})
export type ResultsRepository = ReturnType<typeof createResultsRepository>
