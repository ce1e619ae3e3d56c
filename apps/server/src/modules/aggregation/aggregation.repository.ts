import type { Category, Server } from '@dropwise/schemas'
import { RECRUIT_STAGE_ID, serverDayIndex } from '@dropwise/stats'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../db/database'
import type { Db } from '../../db/db'
import { DEMO_CATEGORY } from '../demo/demo-source'
import type { ActiveRule } from '../ops/rejection-rule'

type Executor = Kysely<Database> | Transaction<Database>

/** A counted report as the aggregates see it. */
export interface AggregateInput {
  server: Server
  category: Exclude<Category, 'all'>
  stageId: string
  createdAt: number
  times: number
  patternId: number
  /** Item → total quantity of the report (its drop pattern). */
  pattern: readonly { itemId: string; quantity: number }[]
  /** Gacha-box stages and recruit never enter the pattern matrix (§10.5). */
  isGacha: boolean
  /** A simulated demo report: counted under the `demo` category only (migration 0005). */
  simulated?: boolean
}

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`

/**
 * Per-day aggregates (api-v2.md §10.4): adds (sign 1) or removes (sign −1, recalls) reports, for the
 * report's category and for 'all' (simulated reports: for 'demo' only), grouped in memory first so each
 * key is one upsert row.
 */
export const applyToAggregates = async (db: Executor, reports: readonly AggregateInput[], sign: 1 | -1) => {
  if (reports.length === 0) return
  const stages = new Map<string, { server: string; category: string; stage_id: string; day: number; times: number; reports: number; single: number }>()
  const items = new Map<
    string,
    { server: string; category: string; stage_id: string; item_id: string; day: number; quantity: number; quantity_sq: number; histogram: Record<string, number> }
  >()
  const patterns = new Map<string, { server: string; category: string; stage_id: string; pattern_id: number; day: number; reports: number }>()
  for (const r of reports) {
    const day = serverDayIndex(r.server, r.createdAt)
    const single = r.times === 1 ? 1 : 0
    for (const category of r.simulated ? [DEMO_CATEGORY] : ['all', r.category]) {
      const sk = `${r.server}|${category}|${r.stageId}|${day}`
      const s = stages.get(sk) ?? { server: r.server, category, stage_id: r.stageId, day, times: 0, reports: 0, single: 0 }
      s.times += sign * r.times
      s.reports += sign
      s.single += sign * single
      stages.set(sk, s)
      for (const d of r.pattern) {
        const ik = `${sk}|${d.itemId}`
        const i = items.get(ik) ?? { server: r.server, category, stage_id: r.stageId, item_id: d.itemId, day, quantity: 0, quantity_sq: 0, histogram: {} }
        i.quantity += sign * d.quantity
        i.quantity_sq += sign * d.quantity * d.quantity
        i.histogram[d.quantity] = (i.histogram[d.quantity] ?? 0) + sign
        items.set(ik, i)
      }
      if (single && !r.isGacha && r.stageId !== RECRUIT_STAGE_ID) {
        const pk = `${sk}|${r.patternId}`
        const p = patterns.get(pk) ?? { server: r.server, category, stage_id: r.stageId, pattern_id: r.patternId, day, reports: 0 }
        p.reports += sign
        patterns.set(pk, p)
      }
    }
  }
  await sql`
    insert into agg_stage_daily (server, category, stage_id, day, times, reports, single_run_reports)
    select x.server, x.category, x.stage_id, x.day, x.times, x.reports, x.single
    from jsonb_to_recordset(${json([...stages.values()])}) as x(server text, category text, stage_id text, day int, times bigint, reports bigint, single bigint)
    order by 1, 2, 3, 4
    on conflict (server, category, stage_id, day) do update set
      times = agg_stage_daily.times + excluded.times,
      reports = agg_stage_daily.reports + excluded.reports,
      single_run_reports = agg_stage_daily.single_run_reports + excluded.single_run_reports`.execute(db)
  // All-time rollups (migration 0003): the same deltas without the day.
  const stageTotals = new Map<string, { server: string; category: string; stage_id: string; times: number; reports: number; single: number; day: number }>()
  for (const st of stages.values()) {
    const k = `${st.server}|${st.category}|${st.stage_id}`
    const t = stageTotals.get(k) ?? { ...st, times: 0, reports: 0, single: 0 }
    t.times += st.times
    t.reports += st.reports
    t.single += st.single
    t.day = Math.min(t.day, st.day)
    stageTotals.set(k, t)
  }
  const stageDays = new Map<string, { min: number; max: number }>()
  for (const st of stages.values()) {
    const k = `${st.server}|${st.category}|${st.stage_id}`
    const d = stageDays.get(k) ?? { min: st.day, max: st.day }
    d.min = Math.min(d.min, st.day)
    d.max = Math.max(d.max, st.day)
    stageDays.set(k, d)
  }
  await sql`
    insert into agg_stage_total (server, category, stage_id, times, reports, single_run_reports, min_day, max_day)
    select x.server, x.category, x.stage_id, x.times, x.reports, x.single, x.min_day, x.max_day
    from jsonb_to_recordset(${json(
      [...stageTotals.entries()].map(([k, t]) => ({ ...t, min_day: stageDays.get(k)?.min ?? t.day, max_day: stageDays.get(k)?.max ?? t.day })),
    )}) as x(server text, category text, stage_id text, times bigint, reports bigint, single bigint, min_day int, max_day int)
    order by 1, 2, 3
    on conflict (server, category, stage_id) do update set
      times = agg_stage_total.times + excluded.times,
      reports = agg_stage_total.reports + excluded.reports,
      single_run_reports = agg_stage_total.single_run_reports + excluded.single_run_reports,
      min_day = least(agg_stage_total.min_day, excluded.min_day),
      max_day = greatest(agg_stage_total.max_day, excluded.max_day)`.execute(db)
  if (items.size > 0) {
    const itemTotals = new Map<string, { server: string; category: string; stage_id: string; item_id: string; quantity: number; quantity_sq: number }>()
    for (const it of items.values()) {
      const k = `${it.server}|${it.category}|${it.stage_id}|${it.item_id}`
      const t = itemTotals.get(k) ?? { server: it.server, category: it.category, stage_id: it.stage_id, item_id: it.item_id, quantity: 0, quantity_sq: 0 }
      t.quantity += it.quantity
      t.quantity_sq += it.quantity_sq
      itemTotals.set(k, t)
    }
    await sql`
      insert into agg_item_total (server, category, stage_id, item_id, quantity, quantity_sq)
      select x.server, x.category, x.stage_id, x.item_id, x.quantity, x.quantity_sq
      from jsonb_to_recordset(${json([...itemTotals.values()])}) as x(server text, category text, stage_id text, item_id text, quantity bigint, quantity_sq bigint)
      order by 1, 2, 3, 4
      on conflict (server, category, stage_id, item_id) do update set
        quantity = agg_item_total.quantity + excluded.quantity,
        quantity_sq = agg_item_total.quantity_sq + excluded.quantity_sq`.execute(db)
    await sql`
      insert into agg_item_daily (server, category, stage_id, item_id, day, quantity, quantity_sq, histogram)
      select x.server, x.category, x.stage_id, x.item_id, x.day, x.quantity, x.quantity_sq, x.histogram
      from jsonb_to_recordset(${json([...items.values()])}) as x(server text, category text, stage_id text, item_id text, day int,
           quantity bigint, quantity_sq bigint, histogram jsonb)
      order by 1, 2, 3, 4, 5
      on conflict (server, category, stage_id, item_id, day) do update set
        quantity = agg_item_daily.quantity + excluded.quantity,
        quantity_sq = agg_item_daily.quantity_sq + excluded.quantity_sq,
        histogram = (
          select coalesce(jsonb_object_agg(h.k, h.v), '{}'::jsonb)
          from (
            select e.key as k, sum(e.value::bigint) as v
            from (select * from jsonb_each_text(agg_item_daily.histogram) union all select * from jsonb_each_text(excluded.histogram)) as e
            group by e.key
            having sum(e.value::bigint) <> 0
          ) as h
        )`.execute(db)
  }
  if (patterns.size > 0) {
    await sql`
      insert into agg_pattern_daily (server, category, stage_id, pattern_id, day, reports)
      select x.server, x.category, x.stage_id, x.pattern_id, x.day, x.reports
      from jsonb_to_recordset(${json([...patterns.values()])}) as x(server text, category text, stage_id text, pattern_id bigint, day int, reports bigint)
      order by 1, 2, 3, 4, 5
      on conflict (server, category, stage_id, pattern_id, day) do update set reports = agg_pattern_daily.reports + excluded.reports`.execute(db)
  }
}

/** Increments the data version row and returns the new version (same transaction as the change). */
export const bumpVersion = async (db: Executor, now: number): Promise<number> => {
  const row = await sql<{ v: number }>`
    update properties set value = to_jsonb((value #>> '{}')::bigint + 1), updated_at = ${now}
    where key = 'aggregates.version' returning (value #>> '{}')::bigint as v`.execute(db)
  return Number(row.rows[0]?.v ?? 0)
}

export const readVersion = async (db: Executor): Promise<number> => {
  const row = await sql<{ v: number }>`select (value #>> '{}')::bigint as v from properties where key = 'aggregates.version'`.execute(db)
  return Number(row.rows[0]?.v ?? 0)
}

const passQueries = (trx: Transaction<Database>) => ({
  /** Reports waiting for verification, oldest first (locked so two workers never take the same ones). */
  unverified: (limit: number) =>
    sql<{
      report_id: number
      server: Server
      stage_id: string
      pattern_id: number
      drops: { dropType: string; itemId: string; quantity: number }[]
      pattern: { itemId: string; quantity: number }[]
      times: number
      category: 'automated' | 'manual'
      created_at: number
      md5: string | null
      source: string
      version: string
    }>`
      select r.report_id, r.server, r.stage_id, r.pattern_id, r.drops, p.drops as pattern, r.times, r.category, r.created_at, r.md5, r.source, r.version
      from drop_reports r join drop_patterns p on p.pattern_id = r.pattern_id
      where r.reliability is null
      order by r.report_id
      limit ${limit}
      for update of r skip locked`
      .execute(trx)
      .then((r) => r.rows),

  /** md5s of earlier, not recalled reports among `md5s` (duplicate screenshots, reliability 5). */
  seenMd5s: async (md5s: string[], beforeReportId: number) => {
    if (md5s.length === 0) return new Set<string>()
    const rows = await trx
      .selectFrom('drop_reports')
      .select('md5')
      .distinct()
      .where('md5', 'in', md5s)
      .where('report_id', '<', beforeReportId)
      .where((eb) => eb.or([eb('reliability', 'is', null), eb('reliability', '>=', 0)]))
      .execute()
    return new Set(rows.map((r) => r.md5 as string))
  },

  /** The rejection rules in force (migration 0010), oldest first: read inside the pass, under the worker lock. */
  activeRules: () => activeRules(trx),

  /** `rule`: the rejection rule that set the code, if one did. */
  setReliability: (verdicts: { id: number; r: number; rule?: number }[]) =>
    sql`
      update drop_reports set reliability = v.r, rule_id = v.rule
      from jsonb_to_recordset(${json(verdicts)}) as v(id bigint, r int, rule bigint)
      where drop_reports.report_id = v.id`.execute(trx),

  applyToAggregates: (reports: readonly AggregateInput[], sign: 1 | -1) => applyToAggregates(trx, reports, sign),

  bumpVersion: (now: number) => bumpVersion(trx, now),
})
/** What a verification pass may do inside its transaction. */
export type AggregationPass = ReturnType<typeof passQueries>

/** First half of the worker lock's key; the second is the schema's hash, so installs sharing one database do not wait on each other. */
const WORKER_LOCK = 0x41_47_47_52

/**
 * Waits for the worker lock inside `trx`: a change that moves reports in or out of the aggregates outside
 * the worker (a rejection rule added or removed) never interleaves with a verification pass.
 */
export const lockAggregates = async (trx: Transaction<Database>) => {
  await sql`select pg_advisory_xact_lock(${WORKER_LOCK}::int4, hashtext(current_schema()))`.execute(trx)
}

/** Active rejection rules, oldest first (the first that matches a report decides its code). */
export const activeRules = async (db: Executor): Promise<ActiveRule[]> =>
  (await db.selectFrom('rejection_rules').selectAll().where('removed_at', 'is', null).orderBy('rule_id').execute()).map((r) => ({
    id: Number(r.rule_id),
    reliability: r.reliability,
    server: r.server as Server | null,
    source: r.source,
    version: r.version,
    stageId: r.stage_id,
    fromAt: r.from_at === null ? null : Number(r.from_at),
    untilAt: r.until_at === null ? null : Number(r.until_at),
  }))

export const createAggregationRepository = (db: Db) => ({
  /**
   * Runs `pass` in one transaction holding the worker lock (one worker at a time per schema, whichever
   * process gets there first, §10.4); resolves to null without running it when another process holds it.
   */
  lockedPass: <T>(pass: (queries: AggregationPass) => Promise<T>): Promise<T | null> =>
    db.kysely.transaction().execute(async (trx) => {
      const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${WORKER_LOCK}::int4, hashtext(current_schema())) as ok`.execute(trx)
      if (!lock.rows[0]?.ok) return null
      return pass(passQueries(trx))
    }),

  readVersion: () => readVersion(db.kysely),
})
export type AggregationRepository = ReturnType<typeof createAggregationRepository>
