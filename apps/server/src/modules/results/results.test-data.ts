import type { Category, Server } from '@dropwise/schemas'
import { canonicalPattern, patternHash, type PatternDrop } from '@dropwise/stats'
import type { Db } from '../../plugins/db'

/** Test rows written straight into the tables the ingestion and aggregation code fills. */
export const createResultsTestData = (db: Db) => {
  const patterns = new Map<string, number>()
  let seq = 0

  const pattern = async (drops: PatternDrop[]): Promise<number> => {
    const canonical = canonicalPattern(drops)
    const hash = patternHash(canonical)
    const known = patterns.get(hash)
    if (known !== undefined) return known
    const row = await db.kysely
      .insertInto('drop_patterns')
      .values({ hash, drops: JSON.stringify(canonical) })
      .onConflict((oc) => oc.column('hash').doUpdateSet({ hash }))
      .returning('pattern_id')
      .executeTakeFirstOrThrow()
    patterns.set(hash, row.pattern_id)
    return row.pattern_id
  }

  return {
    pattern,
    account: async (penguinId: string) =>
      (
        await db.kysely
          .insertInto('accounts')
          .values({ penguin_id: penguinId, created_at: 0 })
          .returning('account_id')
          .executeTakeFirstOrThrow()
      ).account_id,

    report: async (r: {
      server?: Server
      stageId: string
      drops: PatternDrop[]
      times?: number
      accountId: number
      category?: 'automated' | 'manual'
      createdAt: number
      reliability?: number | null
    }) => {
      seq += 1
      const category = r.category ?? 'automated'
      await db.kysely
        .insertInto('drop_reports')
        .values({
          report_hash: `test-report-${seq}-${Math.random().toString(36).slice(2)}`,
          server: r.server ?? 'CN',
          stage_id: r.stageId,
          pattern_id: await pattern(r.drops),
          drops: JSON.stringify(r.drops.map((d) => ({ dropType: 'NORMAL_DROP', ...d }))),
          times: r.times ?? 1,
          account_id: r.accountId,
          source: category === 'manual' ? 'frontend-v2' : 'MaaAssistantArknights',
          version: 'v5.0.0',
          category,
          created_at: r.createdAt,
          reliability: r.reliability === undefined ? 0 : r.reliability,
        })
        .execute()
    },

    stageDay: (r: { server?: Server; category?: Category; stageId: string; day: number; times: number; reports?: number; singleRunReports?: number }) =>
      db.kysely
        .insertInto('agg_stage_daily')
        .values({
          server: r.server ?? 'CN',
          category: r.category ?? 'all',
          stage_id: r.stageId,
          day: r.day,
          times: r.times,
          reports: r.reports ?? r.times,
          single_run_reports: r.singleRunReports ?? 0,
        })
        .execute(),

    itemDay: (r: { server?: Server; category?: Category; stageId: string; itemId: string; day: number; quantity: number }) =>
      db.kysely
        .insertInto('agg_item_daily')
        .values({
          server: r.server ?? 'CN',
          category: r.category ?? 'all',
          stage_id: r.stageId,
          item_id: r.itemId,
          day: r.day,
          quantity: r.quantity,
          quantity_sq: r.quantity,
          histogram: JSON.stringify({ 1: r.quantity }),
        })
        .execute(),

    patternDay: async (r: { server?: Server; category?: Category; stageId: string; drops: PatternDrop[]; day: number; reports: number }) =>
      db.kysely
        .insertInto('agg_pattern_daily')
        .values({
          server: r.server ?? 'CN',
          category: r.category ?? 'all',
          stage_id: r.stageId,
          pattern_id: await pattern(r.drops),
          day: r.day,
          reports: r.reports,
        })
        .execute(),
  }
}
