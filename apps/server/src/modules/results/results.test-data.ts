import type { Category, Server } from '@dropwise/schemas'
import { canonicalPattern, DAY_MS, HOUR_MS, patternHash, serverDayIndex, type PatternDrop } from '@dropwise/stats'
import type { Db } from '../../db/db'

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
      (await db.kysely.insertInto('accounts').values({ penguin_id: penguinId, created_at: 0 }).returning('account_id').executeTakeFirstOrThrow()).account_id,

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

// The scenario of the results route tests (results.routes.test.ts, advanced.routes.test.ts).

// 2025-11-20 12:00 on the CN clock.
export const NOW = Date.UTC(2025, 10, 20, 4, 0, 0)
export const CN_LAUNCH = 1556676000000
export const TODAY_CN = serverDayIndex('CN', NOW)
export const PENGUIN_A = '000000101'
export const PENGUIN_B = '000000102'
export const AUTH_A = { authorization: `PenguinID ${PENGUIN_A}` }
export const V2 = '/PenguinStats/api/v2'

// main_01-07 and main_01-08 on CN: a two-week event item ended at this instant, so their pattern window starts here (§10.5).
export const EVENT_END = 1681934400000
// a001_01 on CN: one closed range.
export const A001 = { start: 1559181600000, end: 1560369600000 }
// Raw reports of the advanced-query checks (CN, main_01-07), around 2019-06-08.
export const T0 = 1560000000000

/** Writes the scenario the results route tests read: aggregates, raw reports and two accounts. */
export const seedResultsScenario = async (db: Db) => {
  const data = createResultsTestData(db)
  const sortIdOf = new Map((await db.kysely.selectFrom('items').select(['item_id', 'sort_id']).execute()).map((i) => [i.item_id, i.sort_id]))
  const accountA = await data.account(PENGUIN_A)
  const accountB = await data.account(PENGUIN_B)

  // Pattern aggregates, CN main_01-07: the empty pattern 22 times, pattern i (1..21) i times, on day today−3.
  const day = TODAY_CN - 3
  await data.patternDay({ stageId: 'main_01-07', drops: [], day, reports: 22 })
  for (let i = 1; i <= 21; i++) {
    const drops = [
      { itemId: '30011', quantity: 1 },
      { itemId: '30012', quantity: i },
      { itemId: '2001', quantity: 1 + (i % 2) },
    ]
    await data.patternDay({ stageId: 'main_01-07', drops, day, reports: i })
  }
  await data.stageDay({ stageId: 'main_01-07', day, times: 300, singleRunReports: 253 })
  // Before the pattern window (during the event): not counted.
  await data.patternDay({ stageId: 'main_01-07', drops: [{ itemId: '2001', quantity: 9 }], day: serverDayIndex('CN', 1681000000000), reports: 50 })
  await data.stageDay({ stageId: 'main_01-07', day: serverDayIndex('CN', 1681000000000), times: 50, singleRunReports: 50 })
  // The automated category has its own rows.
  await data.patternDay({ stageId: 'main_01-07', category: 'automated', drops: [{ itemId: '2001', quantity: 2 }], day, reports: 7 })
  await data.stageDay({ stageId: 'main_01-07', category: 'automated', day, times: 8, singleRunReports: 7 })
  // A closed event stage: inside its range, and a later day outside it.
  await data.patternDay({ stageId: 'a001_01', drops: [{ itemId: '30011', quantity: 2 }], day: serverDayIndex('CN', A001.start + DAY_MS), reports: 4 })
  await data.patternDay({ stageId: 'a001_01', drops: [{ itemId: '30011', quantity: 5 }], day: serverDayIndex('CN', A001.end + DAY_MS), reports: 9 })
  await data.stageDay({ stageId: 'a001_01', day: serverDayIndex('CN', A001.start + DAY_MS), times: 4, singleRunReports: 4 })
  // Gacha and recruit never appear.
  await data.patternDay({ stageId: 'act24side_gacha', drops: [{ itemId: '30033', quantity: 1 }], day: serverDayIndex('CN', 1678200000000), reports: 3 })
  await data.patternDay({ stageId: 'recruit', drops: [{ itemId: 'recruit_tag_aoe', quantity: 1 }], day, reports: 3 })

  // Personal patterns, CN main_01-08: account A's single-run reports (reliability ≥ 0 or unverified) count.
  const p1 = [{ itemId: '30032', quantity: 1 }]
  const p2 = [{ itemId: '2001', quantity: 2 }]
  const mine = { stageId: 'main_01-08', accountId: accountA, createdAt: NOW - HOUR_MS }
  await data.report({ ...mine, drops: p1 })
  await data.report({ ...mine, drops: p1, reliability: null })
  await data.report({ ...mine, drops: p2, reliability: 6, category: 'manual' })
  await data.report({ ...mine, drops: p2, times: 2 }) // multi-run: not a pattern sample
  await data.report({ ...mine, drops: p2, reliability: -1 }) // recalled
  await data.report({ ...mine, drops: p1, createdAt: 1681000000000 }) // before the window
  await data.report({ stageId: 'main_01-08', accountId: accountB, drops: p2, createdAt: NOW - HOUR_MS })

  // Advanced queries, CN main_01-07 around T0.
  await data.report({
    stageId: 'main_01-07',
    accountId: accountA,
    createdAt: T0,
    drops: [
      { itemId: '30012', quantity: 2 },
      { itemId: '2001', quantity: 1 },
    ],
  })
  await data.report({ stageId: 'main_01-07', accountId: accountB, createdAt: T0 + DAY_MS + 5 * HOUR_MS, times: 2, drops: [{ itemId: '30012', quantity: 3 }] })
  await data.report({ stageId: 'main_01-07', accountId: accountB, createdAt: T0 + 2 * DAY_MS, drops: [], category: 'manual' })
  await data.report({ stageId: 'main_01-07', accountId: accountA, createdAt: T0 + HOUR_MS, drops: [{ itemId: '30012', quantity: 1 }], reliability: 6 })
  await data.report({ stageId: 'main_01-07', accountId: accountA, createdAt: T0 + HOUR_MS, drops: [{ itemId: '30011', quantity: 1 }], reliability: null })
  await data.report({ stageId: 'main_01-07', accountId: accountA, createdAt: T0 + HOUR_MS, drops: [{ itemId: '30011', quantity: 1 }], reliability: -1 })

  // Trends on US: stage main_01-07 on days today−2 and today; an item that only dropped today; an old day.
  const todayUs = serverDayIndex('US', NOW)
  await data.stageDay({ server: 'US', stageId: 'main_01-07', day: todayUs - 2, times: 10 })
  await data.stageDay({ server: 'US', stageId: 'main_01-07', day: todayUs, times: 6 })
  await data.itemDay({ server: 'US', stageId: 'main_01-07', itemId: '30012', day: todayUs - 2, quantity: 11 })
  await data.itemDay({ server: 'US', stageId: 'main_01-07', itemId: '30012', day: todayUs, quantity: 5 })
  await data.itemDay({ server: 'US', stageId: 'main_01-07', itemId: '2001', day: todayUs, quantity: 4 })
  await data.itemDay({ server: 'US', category: 'automated', stageId: 'main_01-07', itemId: '3003', day: todayUs, quantity: 4 })
  await data.stageDay({ server: 'US', stageId: 'main_01-08', day: todayUs - 60, times: 10 })
  await data.itemDay({ server: 'US', stageId: 'main_01-08', itemId: '2001', day: todayUs - 60, quantity: 10 })
  return { accountA, sortIdOf }
}
