import type { AboutContent, AuditEntry, Existence, NoticeInput, OpsNotice, RejectionRule, RejectionRuleInput, Server } from '@dropwise/schemas'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database'
import type { Db } from '../../db/db'
import { applyToAggregates, bumpVersion, lockAggregates, type AggregateInput } from '../aggregation/aggregation.repository'
import { DEMO_SOURCE } from '../demo/demo-source'
import { toActiveRule, toAuditEntry, toOpsNotice, toRule } from './ops.mapper'
import { firstMatchingRule } from './rejection-rule'

type Trx = Transaction<Database>
const ABOUT_KEY = 'about.content'
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`
/** JSON with object keys sorted: jsonb keeps its own key order, so stored and sent values compare this way. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  )
const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))

/** Who changed what, when: one row per change, written in the change's own transaction. */
export interface AuditRecord {
  at: number
  actor: string
  action: AuditEntry['action']
  target: string | null
  before: unknown
  after: unknown
}
const audit = (trx: Trx, a: AuditRecord) =>
  trx
    .insertInto('ops_audit')
    .values({ at: a.at, actor: a.actor, action: a.action, target: a.target, before: jsonOrNull(a.before), after: jsonOrNull(a.after) })
    .execute()

/** A report that moves in or out of the aggregates, as stored. */
interface MovedReport {
  report_id: number
  server: Server
  stage_id: string
  pattern_id: number
  times: number
  category: 'automated' | 'manual'
  created_at: number
  source: string
  version: string
  pattern: { itemId: string; quantity: number }[]
}
const toAggregateInput = (r: MovedReport, isGacha: (stageId: string) => boolean): AggregateInput => ({
  server: r.server,
  category: r.category,
  stageId: r.stage_id,
  createdAt: r.created_at,
  times: r.times,
  patternId: r.pattern_id,
  pattern: r.pattern,
  isGacha: isGacha(r.stage_id),
  simulated: r.source === DEMO_SOURCE,
})

const allServers = (): Existence => ({ CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } })

/** Counts of the reports each rule rejects now (its code, its id). */
const rejectedCounts = async (trx: Db['kysely'] | Trx, ruleIds?: number[]) => {
  const rows = await sql<{ rule_id: number; reliability: number; n: number }>`
    select rule_id, reliability, count(*)::int as n from drop_reports
    where rule_id is not null ${ruleIds ? sql`and rule_id in (${sql.join(ruleIds)})` : sql``}
    group by rule_id, reliability`.execute(trx)
  return (rule: { rule_id: number; reliability: number }) =>
    rows.rows.find((r) => Number(r.rule_id) === Number(rule.rule_id) && r.reliability === rule.reliability)?.n ?? 0
}

export const createOpsRepository = (db: Db) => ({
  notices: async (): Promise<OpsNotice[]> => (await db.kysely.selectFrom('notices').selectAll().orderBy('notice_id').execute()).map(toOpsNotice),

  addNotice: (input: NoticeInput, who: Omit<AuditRecord, 'action' | 'target' | 'before' | 'after'>) =>
    db.kysely.transaction().execute(async (trx) => {
      const row = await sql<{ notice_id: number }>`
        insert into notices (notice_id, existence, severity, content_i18n, created_at, updated_at)
        select coalesce(max(notice_id), 0) + 1, ${json(input.existence ?? allServers())}, ${input.severity}, ${json(input.content_i18n)}, ${who.at}, ${who.at}
        from notices
        returning notice_id`.execute(trx)
      const id = row.rows[0]?.notice_id as number
      const notice = toOpsNotice(await trx.selectFrom('notices').selectAll().where('notice_id', '=', id).executeTakeFirstOrThrow())
      await audit(trx, { ...who, action: 'notice.add', target: `notice:${id}`, before: null, after: notice })
      return notice
    }),

  /** Replaces a notice's text, severity and existence (retired notices too); null when there is none. */
  editNotice: (id: number, input: NoticeInput, who: Omit<AuditRecord, 'action' | 'target' | 'before' | 'after'>) =>
    db.kysely.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('notices').selectAll().where('notice_id', '=', id).forUpdate().executeTakeFirst()
      if (!before) return null
      const existence = input.existence ?? (before.existence as Existence)
      const row = await trx
        .updateTable('notices')
        .set({ existence: JSON.stringify(existence), severity: input.severity, content_i18n: JSON.stringify(input.content_i18n), updated_at: who.at })
        .where('notice_id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      const notice = toOpsNotice(row)
      await audit(trx, { ...who, action: 'notice.edit', target: `notice:${id}`, before: toOpsNotice(before), after: notice })
      return notice
    }),

  /** Retires a notice (kept, no longer served); null when there is none or it was already retired. */
  retireNotice: (id: number, who: Omit<AuditRecord, 'action' | 'target' | 'before' | 'after'>) =>
    db.kysely.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('notices').selectAll().where('notice_id', '=', id).where('retired_at', 'is', null).forUpdate().executeTakeFirst()
      if (!before) return null
      const row = await trx.updateTable('notices').set({ retired_at: who.at, updated_at: who.at }).where('notice_id', '=', id).returningAll().executeTakeFirstOrThrow()
      const notice = toOpsNotice(row)
      await audit(trx, { ...who, action: 'notice.retire', target: `notice:${id}`, before: toOpsNotice(before), after: notice })
      return notice
    }),

  about: async (): Promise<{ content: unknown; updatedAt: number } | null> => {
    const row = await db.kysely.selectFrom('properties').select(['value', 'updated_at']).where('key', '=', ABOUT_KEY).executeTakeFirst()
    return row ? { content: row.value, updatedAt: Number(row.updated_at) } : null
  },

  /** Sets (or, with null, clears) the about content; `unchanged` when it already was exactly that. */
  setAbout: (content: AboutContent | null, who: Omit<AuditRecord, 'action' | 'target' | 'before' | 'after'>) =>
    db.kysely.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('properties').select(['value']).where('key', '=', ABOUT_KEY).forUpdate().executeTakeFirst()
      const prior = before?.value ?? null
      if (canonical(prior) === canonical(content)) return 'unchanged' as const
      if (content === null) await trx.deleteFrom('properties').where('key', '=', ABOUT_KEY).execute()
      else
        await trx
          .insertInto('properties')
          .values({ key: ABOUT_KEY, value: JSON.stringify(content), updated_at: who.at })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(content), updated_at: who.at }))
          .execute()
      await audit(trx, { ...who, action: content === null ? 'about.clear' : 'about.set', target: 'about', before: prior, after: content })
      return 'set' as const
    }),

  rules: async (): Promise<RejectionRule[]> => {
    const rows = await db.kysely.selectFrom('rejection_rules').selectAll().orderBy('rule_id').execute()
    const count = await rejectedCounts(db.kysely)
    return rows.map((r) => toRule(r, count(r)))
  },

  /**
   * Adds a rule and applies it to the past in one transaction, under the aggregation worker's lock: every
   * counted report (reliability 0) that matches gets the rule's code and leaves the aggregates (the
   * recall's path, sign −1). Reports not yet verified get it from the worker.
   */
  addRule: (input: RejectionRuleInput, who: Omit<AuditRecord, 'action' | 'target' | 'before' | 'after'>, isGacha: (stageId: string) => boolean) =>
    db.kysely.transaction().execute(async (trx) => {
      await lockAggregates(trx)
      const row = await trx
        .insertInto('rejection_rules')
        .values({
          reliability: input.reliability,
          server: input.server ?? null,
          source: input.source ?? null,
          version: input.version ?? null,
          stage_id: input.stageId ?? null,
          from_at: input.from ?? null,
          until_at: input.until ?? null,
          note: input.note ?? null,
          created_at: who.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      const id = Number(row.rule_id)
      const where = [sql`r.reliability = 0`]
      if (input.server !== undefined) where.push(sql`r.server = ${input.server}`)
      if (input.source !== undefined) where.push(sql`r.source = ${input.source}`)
      if (input.version !== undefined) where.push(sql`r.version = ${input.version}`)
      if (input.stageId !== undefined) where.push(sql`r.stage_id = ${input.stageId}`)
      if (input.from !== undefined) where.push(sql`r.created_at >= ${input.from}`)
      if (input.until !== undefined) where.push(sql`r.created_at < ${input.until}`)
      const moved = await sql<MovedReport>`
        update drop_reports r set reliability = ${input.reliability}, rule_id = ${id}
        from drop_patterns p
        where p.pattern_id = r.pattern_id and ${sql.join(where, sql` and `)}
        returning r.report_id, r.server, r.stage_id, r.pattern_id, r.times, r.category, r.created_at, r.source, r.version, p.drops as pattern`.execute(trx)
      await applyToAggregates(
        trx,
        moved.rows.map((r) => toAggregateInput(r, isGacha)),
        -1,
      )
      const version = moved.rows.length > 0 ? await bumpVersion(trx, who.at) : null
      const rule = toRule(row, moved.rows.length)
      await audit(trx, { ...who, action: 'rule.add', target: `rule:${id}`, before: null, after: { ...rule, rejectedNow: moved.rows.length } })
      return { rule, rejected: moved.rows.length, version }
    }),

  /**
   * Removes a rule: the reports it rejected (and still holds: not recalled since) are counted again,
   * unless another active rule matches them, which then holds them. Null when there is no such active rule.
   */
  removeRule: (id: number, who: Omit<AuditRecord, 'action' | 'target' | 'before' | 'after'>, isGacha: (stageId: string) => boolean) =>
    db.kysely.transaction().execute(async (trx) => {
      await lockAggregates(trx)
      const before = await trx.selectFrom('rejection_rules').selectAll().where('rule_id', '=', id).where('removed_at', 'is', null).executeTakeFirst()
      if (!before) return null
      const count = await rejectedCounts(trx, [id])
      const removed = await trx.updateTable('rejection_rules').set({ removed_at: who.at }).where('rule_id', '=', id).returningAll().executeTakeFirstOrThrow()
      const others = (await trx.selectFrom('rejection_rules').selectAll().where('removed_at', 'is', null).orderBy('rule_id').execute()).map((r) =>
        toActiveRule(toRule(r, 0)),
      )
      const held = await sql<MovedReport>`
        select r.report_id, r.server, r.stage_id, r.pattern_id, r.times, r.category, r.created_at, r.source, r.version, p.drops as pattern
        from drop_reports r join drop_patterns p on p.pattern_id = r.pattern_id
        where r.rule_id = ${id} and r.reliability = ${before.reliability}
        for update of r`.execute(trx)
      const verdicts: { id: number; r: number; rule: number | null }[] = []
      const restored: MovedReport[] = []
      for (const r of held.rows) {
        const other = firstMatchingRule(others, { server: r.server, source: r.source, version: r.version, stageId: r.stage_id, createdAt: r.created_at })
        verdicts.push({ id: r.report_id, r: other ? other.reliability : 0, rule: other ? other.id : null })
        if (!other) restored.push(r)
      }
      if (verdicts.length > 0)
        await sql`
          update drop_reports set reliability = v.r, rule_id = v.rule
          from jsonb_to_recordset(${json(verdicts)}) as v(id bigint, r int, rule bigint)
          where drop_reports.report_id = v.id`.execute(trx)
      await applyToAggregates(
        trx,
        restored.map((r) => toAggregateInput(r, isGacha)),
        1,
      )
      const version = restored.length > 0 ? await bumpVersion(trx, who.at) : null
      const moved = verdicts.length - restored.length
      const rule = toRule(removed, 0)
      await audit(trx, {
        ...who,
        action: 'rule.remove',
        target: `rule:${id}`,
        before: toRule(before, count(before)),
        after: { ...rule, restored: restored.length, moved },
      })
      return { rule, restored: restored.length, moved, version }
    }),

  audit: async (limit: number, before?: number): Promise<AuditEntry[]> => {
    let q = db.kysely.selectFrom('ops_audit').selectAll().orderBy('audit_id', 'desc').limit(limit)
    if (before !== undefined) q = q.where('audit_id', '<', before)
    return (await q.execute()).map(toAuditEntry)
  },
})
export type OpsRepository = ReturnType<typeof createOpsRepository>
