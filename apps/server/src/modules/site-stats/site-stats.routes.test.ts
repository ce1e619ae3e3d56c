import { PatternResponseSchema, SiteStatsSchema, TrendResultSchema, type SiteStats } from '@dropwise/schemas'
import { HOUR_MS, serverDayIndex } from '@dropwise/stats'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { createResultsTestData } from '../results/results.test-data'

// 2025-11-20 12:00 on the CN clock.
const NOW = Date.UTC(2025, 10, 20, 4, 0, 0)
const DAY = serverDayIndex('CN', NOW)
const MINUTE = 60_000
const V2 = '/PenguinStats/api/v2'

const timesOf = (list: { stageId: string; times: number }[], stageId: string) => list.find((s) => s.stageId === stageId)?.times
const quantityOf = (stats: SiteStats, itemId: string) => stats.totalItemQuantities.find((i) => i.itemId === itemId)?.quantity

describe.each(dbTargets())('site stats on $name', (target) => {
  let ctx: TestContext
  let data: ReturnType<typeof createResultsTestData>
  let account: number
  const now = { value: NOW }
  const get = (url: string) => ctx.app.inject({ method: 'GET', url })
  const stats = async (server = 'CN') => {
    const res = await get(`${V2}/stats?server=${server}`)
    expect(res.statusCode).toBe(200)
    return SiteStatsSchema.parse(res.json())
  }
  const baselineOf = async (stageId: string) =>
    (
      await ctx.db.kysely
        .selectFrom('matrix_baselines')
        .select((eb) => eb.fn.max<number>('times').as('times'))
        .where('server', '=', 'CN')
        .where('stage_id', '=', stageId)
        .executeTakeFirstOrThrow()
    ).times ?? 0
  // Like the aggregation worker: the version row moves first, so later worker passes still advance it.
  const bumpVersion = async () => {
    const { rows } = await sql<{ v: number }>`
      update properties set value = to_jsonb((value #>> '{}')::bigint + 1)
      where key = 'aggregates.version' returning (value #>> '{}')::bigint as v`.execute(ctx.db.kysely)
    ctx.app.dataVersion.advance(rows[0]?.v ?? 0)
  }

  beforeAll(async () => {
    ctx = await createTestContext(target, { clock: () => now.value })
    data = createResultsTestData(ctx.db)
    account = await data.account('000000201')
    // All-time aggregates: category all counts; the automated rows repeat part of it and must not add up again.
    await data.stageDay({ stageId: 'main_01-07', day: DAY - 1, times: 100 })
    await data.stageDay({ stageId: 'main_01-07', category: 'automated', day: DAY - 1, times: 60 })
    await data.itemDay({ stageId: 'main_01-07', itemId: '30012', day: DAY - 1, quantity: 150 })
    await data.itemDay({ stageId: 'main_01-07', category: 'automated', itemId: '30012', day: DAY - 1, quantity: 90 })
    await data.stageDay({ stageId: 'recruit', day: DAY - 1, times: 1000 })
    await data.stageDay({ stageId: 'act24side_gacha', day: DAY - 1, times: 1000 })
    await data.itemDay({ stageId: 'recruit', itemId: 'recruit_tag_aoe', day: DAY - 1, quantity: 1000 })
    // The last 24 h of raw reports: only valid ones, of this server, inside the window; recruit excluded.
    const mine = { accountId: account, drops: [], createdAt: NOW - HOUR_MS }
    await data.report({ ...mine, stageId: 'main_01-07', times: 3 })
    await data.report({ ...mine, stageId: 'main_01-07', times: 5, createdAt: NOW - 25 * HOUR_MS })
    await data.report({ ...mine, stageId: 'main_01-07', times: 6, reliability: 6 })
    await data.report({ ...mine, stageId: 'main_01-07', times: 6, reliability: null })
    await data.report({ ...mine, stageId: 'main_01-07', times: 6, reliability: -1 })
    await data.report({ ...mine, stageId: 'recruit', times: 1 })
    await data.report({ ...mine, stageId: 'act24side_gacha', times: 4 })
    await data.report({ ...mine, stageId: 'main_01-07', times: 2, server: 'US' })
  })
  afterAll(async () => ctx?.close())

  it('sums baselines and category-all aggregates, and the valid runs of the last 24 hours', async () => {
    const res = await get(`/api/v2/stats?server=CN`)
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    const s = SiteStatsSchema.parse(res.json())
    expect(timesOf(s.totalStageTimes, 'main_01-07')).toBe((await baselineOf('main_01-07')) + 100)
    expect(s.totalStageTimes.some((e) => e.stageId === 'recruit' || e.stageId === 'act24side_gacha')).toBe(false)
    expect(s.totalStageTimes_24h).toEqual([
      { stageId: 'act24side_gacha', times: 4 },
      { stageId: 'main_01-07', times: 3 },
    ])
    const baseline30012 = (
      await ctx.db.kysely
        .selectFrom('matrix_baselines')
        .select((eb) => eb.fn.sum<number>('quantity').as('q'))
        .where('server', '=', 'CN')
        .where('item_id', '=', '30012')
        .executeTakeFirstOrThrow()
    ).q
    expect(quantityOf(s, '30012')).toBe(Number(baseline30012) + 150)
    const types = new Map((await ctx.db.kysely.selectFrom('items').select(['item_id', 'item_type']).execute()).map((i) => [i.item_id, i.item_type]))
    expect(s.totalItemQuantities.every((i) => ['MATERIAL', 'FURN', 'CHIP'].includes(types.get(i.itemId) ?? ''))).toBe(true)
    expect(quantityOf(s, 'recruit_tag_aoe')).toBeUndefined()
    const apCost = new Map((await ctx.db.kysely.selectFrom('stages').select(['stage_id', 'ap_cost']).execute()).map((r) => [r.stage_id, r.ap_cost]))
    const expected = s.totalStageTimes.reduce((sum, e) => {
      const cost = apCost.get(e.stageId) ?? 99
      return cost === 99 ? sum : sum + cost * e.times
    }, 0)
    expect(s.totalApCost).toBe(expected)
    expect((await stats('US')).totalStageTimes_24h).toEqual([{ stageId: 'main_01-07', times: 2 }])
    expect((await get(`/api/v2/stats?server=UK`)).statusCode).toBe(400)
  })

  it('refreshes the last 24 hours every five minutes and the all-time totals when the data version moves', async () => {
    const before = await stats()
    await data.report({ accountId: account, stageId: 'main_01-07', drops: [], createdAt: NOW, times: 1 })
    await data.stageDay({ stageId: 'main_01-07', day: DAY, times: 20 })
    expect(await stats()).toEqual(before)
    now.value = NOW + 6 * MINUTE
    const later = await stats()
    expect(timesOf(later.totalStageTimes_24h, 'main_01-07')).toBe(4)
    expect(timesOf(later.totalStageTimes, 'main_01-07')).toBe(timesOf(before.totalStageTimes, 'main_01-07'))
    await bumpVersion()
    expect(timesOf((await stats()).totalStageTimes, 'main_01-07')).toBe((timesOf(before.totalStageTimes, 'main_01-07') ?? 0) + 20)
    now.value = NOW
  })

  it('keeps settled days in memory: a late write to an old day shows after the settled TTL', async () => {
    const before = timesOf((await stats()).totalStageTimes, 'main_01-08') ?? 0
    await data.stageDay({ stageId: 'main_01-08', day: DAY - 10, times: 7 })
    await data.stageDay({ stageId: 'main_01-08', day: DAY - 1, times: 2 })
    await bumpVersion()
    // Yesterday is still recent; ten days ago is settled until the hourly re-read.
    expect(timesOf((await stats()).totalStageTimes, 'main_01-08')).toBe(before + 2)
    now.value = NOW + 61 * MINUTE
    expect(timesOf((await stats()).totalStageTimes, 'main_01-08')).toBe(before + 9)
    now.value = NOW
  })

  it('end to end: a report posted to /report reaches patterns, trends and stats after an aggregation pass', async () => {
    now.value = NOW + 10 * MINUTE
    const sent = await ctx.app.inject({ method: 'POST', url: `${V2}/report`, payload: R })
    expect(sent.statusCode).toBe(200)
    const auth = { authorization: `PenguinID ${sent.headers['x-penguin-set-penguinid'] as string}` }
    // Personal results see the report before verification.
    const personal = await ctx.app.inject({ method: 'GET', url: `${V2}/result/pattern?is_personal=true`, headers: auth })
    expect(PatternResponseSchema.parse(personal.json()).pattern_matrix.map((e) => [e.stageId, e.times, e.quantity])).toEqual([['wk_kc_5', 1, 1]])

    await ctx.app.aggregation.runOnce()
    now.value = NOW + 20 * MINUTE
    const patterns = PatternResponseSchema.parse((await get(`${V2}/result/pattern`)).json()).pattern_matrix
    expect(patterns.filter((e) => e.stageId === 'wk_kc_5')).toEqual([
      {
        stageId: 'wk_kc_5',
        // Ordered by sortId: the higher-tier cards come first.
        pattern: {
          drops: [
            { itemId: '2004', quantity: 3 },
            { itemId: '2003', quantity: 1 },
            { itemId: '2002', quantity: 1 },
          ],
        },
        times: 1,
        quantity: 1,
        start: 1681934400000,
        end: null,
      },
    ])
    const trend = TrendResultSchema.parse((await get(`${V2}/result/trends`)).json()).trend
    expect(trend['wk_kc_5']?.results['2004']).toEqual({ quantity: [3], times: [1] })
    const s = await stats()
    expect(timesOf(s.totalStageTimes_24h, 'wk_kc_5')).toBe(1)
    expect(timesOf(s.totalStageTimes, 'wk_kc_5')).toBe((await baselineOf('wk_kc_5')) + 1)
    now.value = NOW
  })
})
