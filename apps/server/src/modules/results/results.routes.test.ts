import {
  AdvancedResultsResponseSchema,
  PatternResponseSchema,
  TrendResultSchema,
  type MatrixElement,
  type PatternElement,
} from '@dropwise/schemas'
import { DAY_MS, HOUR_MS, serverDayIndex, serverDayStart } from '@dropwise/stats'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDataVersion } from '../../lib/data-version'
import { createAccountsRepository } from '../accounts/accounts.repository'
import { createAccountsService } from '../accounts/accounts.service'
import { createCatalogRepository } from '../catalog/catalog.repository'
import { createCatalogService } from '../catalog/catalog.service'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { createPatternsService, latestSpan } from './patterns.service'
import { createResultsRepository } from './results.repository'
import { createTrendsService } from './trends.service'
import { createResultsTestData } from './results.test-data'

// 2025-11-20 12:00 on the CN clock.
const NOW = Date.UTC(2025, 10, 20, 4, 0, 0)
const CN_LAUNCH = 1556676000000
const TODAY_CN = serverDayIndex('CN', NOW)
const PENGUIN_A = '000000101'
const PENGUIN_B = '000000102'
const AUTH_A = { authorization: `PenguinID ${PENGUIN_A}` }
const V2 = '/PenguinStats/api/v2'

// main_01-07 and main_01-08 on CN: a two-week event item ended at this instant, so their pattern window starts here (§10.5).
const EVENT_END = 1681934400000
// a001_01 on CN: one closed range.
const A001 = { start: 1559181600000, end: 1560369600000 }
// Raw reports of the advanced-query checks (CN, main_01-07), around 2019-06-08.
const T0 = 1560000000000

const patternsOf = (matrix: PatternElement[], stageId: string) => matrix.filter((e) => e.stageId === stageId)

describe.each(dbTargets())('results on $name', (target) => {
  let ctx: TestContext
  let sortIdOf: Map<string, number>
  let accountA: number
  const now = { value: NOW }

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers })
  const advanced = (queries: unknown[], headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `${V2}/result/advanced`, payload: { queries }, headers })
  const matrixOf = (body: unknown, i = 0) => AdvancedResultsResponseSchema.parse(body).advanced_results[i] as { matrix: MatrixElement[] }

  beforeAll(async () => {
    ctx = await createTestContext(target, { clock: () => now.value })
    const data = createResultsTestData(ctx.db)
    sortIdOf = new Map((await ctx.db.kysely.selectFrom('items').select(['item_id', 'sort_id']).execute()).map((i) => [i.item_id, i.sort_id]))
    accountA = await data.account(PENGUIN_A)
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
    await data.report({ stageId: 'main_01-07', accountId: accountA, createdAt: T0, drops: [{ itemId: '30012', quantity: 2 }, { itemId: '2001', quantity: 1 }] })
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
  })
  afterAll(async () => ctx?.close())

  describe('pattern matrix', () => {
    it('keeps the 19 most frequent patterns per stage, over the latest drop-table span, drops ordered by sortId', async () => {
      const res = await get(`${V2}/result/pattern?server=CN`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('public, max-age=300')
      expect(res.headers['last-modified']).toBeDefined()
      const matrix = PatternResponseSchema.parse(res.json()).pattern_matrix
      const main = patternsOf(matrix, 'main_01-07')
      expect(main.map((e) => e.quantity)).toEqual([22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4])
      for (const e of main) {
        expect([e.times, e.start, e.end]).toEqual([253, EVENT_END, null])
        const sortIds = e.pattern.drops.map((d) => sortIdOf.get(d.itemId) as number)
        expect(sortIds).toEqual([...sortIds].sort((a, b) => a - b))
      }
      expect(main[0]?.pattern.drops).toEqual([])
      expect(main[1]?.pattern.drops).toEqual([
        { itemId: '2001', quantity: 2 },
        { itemId: '30012', quantity: 21 },
        { itemId: '30011', quantity: 1 },
      ])
      expect(patternsOf(matrix, 'a001_01')).toEqual([
        { stageId: 'a001_01', pattern: { drops: [{ itemId: '30011', quantity: 2 }] }, times: 4, quantity: 4, start: A001.start, end: A001.end },
      ])
      expect(matrix.some((e) => e.stageId === 'act24side_gacha' || e.stageId === 'recruit')).toBe(false)
      for (const e of res.json().pattern_matrix as object[]) expect(e).toHaveProperty('end')
    })

    it('lifts the cap only for show_all_patterns=true, and ignores category', async () => {
      const all = PatternResponseSchema.parse((await get(`/api/v2/result/pattern?show_all_patterns=true`)).json()).pattern_matrix
      expect(patternsOf(all, 'main_01-07')).toHaveLength(22)
      const one = PatternResponseSchema.parse((await get(`/api/v2/result/pattern?show_all_patterns=1`)).json()).pattern_matrix
      expect(patternsOf(one, 'main_01-07')).toHaveLength(19)
      const cat = PatternResponseSchema.parse((await get(`/api/v2/result/pattern?category=automated`)).json()).pattern_matrix
      expect(patternsOf(cat, 'main_01-07')).toHaveLength(19)
      const other = PatternResponseSchema.parse((await get(`/api/v2/result/pattern?server=JP`)).json()).pattern_matrix
      expect(other).toEqual([])
    })

    it('honours the category on the private route', async () => {
      const res = await get(`${V2}/_private/result/pattern/CN/global/automated`)
      expect(res.statusCode).toBe(200)
      const main = patternsOf(PatternResponseSchema.parse(res.json()).pattern_matrix, 'main_01-07')
      expect(main).toEqual([
        { stageId: 'main_01-07', pattern: { drops: [{ itemId: '2001', quantity: 2 }] }, times: 7, quantity: 7, start: EVENT_END, end: null },
      ])
      const dflt = PatternResponseSchema.parse((await get(`${V2}/_private/result/pattern/CN/global`)).json()).pattern_matrix
      expect(patternsOf(dflt, 'main_01-07')).toHaveLength(19)
      const bad = await get(`${V2}/_private/result/pattern/CN/global/other`)
      expect(bad.statusCode).toBe(400)
      expect(bad.json().code).toBe('INVALID_REQUEST')
      expect((await get(`${V2}/_private/result/pattern/UK/global`)).statusCode).toBe(400)
    })

    it('serves personal patterns from the caller’s reports, privately', async () => {
      const res = await get(`${V2}/result/pattern?is_personal=true`, AUTH_A)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('private, no-store')
      const matrix = PatternResponseSchema.parse(res.json()).pattern_matrix
      // Three single-run reports of A in the window: two of p1 (valid, unverified), one of p2 (rejected but personal).
      expect(patternsOf(matrix, 'main_01-08')).toEqual([
        { stageId: 'main_01-08', pattern: { drops: [{ itemId: '30032', quantity: 1 }] }, times: 3, quantity: 2, start: EVENT_END, end: null },
        { stageId: 'main_01-08', pattern: { drops: [{ itemId: '2001', quantity: 2 }] }, times: 3, quantity: 1, start: EVENT_END, end: null },
      ])
      expect(matrix.every((e) => e.stageId === 'main_01-08')).toBe(true)
      const manual = PatternResponseSchema.parse((await get(`${V2}/_private/result/pattern/CN/personal/manual`, AUTH_A)).json())
      expect(manual.pattern_matrix.map((e) => [e.times, e.quantity])).toEqual([[1, 1]])
      const global = PatternResponseSchema.parse((await get(`${V2}/result/pattern`)).json()).pattern_matrix
      expect(patternsOf(global, 'main_01-08')).toEqual([])
    })

    it('requires an identity for personal patterns', async () => {
      for (const url of [`${V2}/result/pattern?is_personal=true`, `${V2}/_private/result/pattern/CN/personal/all`]) {
        const none = await get(url)
        expect(none.statusCode).toBe(400)
        expect(none.json()).toEqual({ code: 'INVALID_REQUEST', message: 'PenguinID not found in request' })
        const unknown = await get(url, { authorization: 'PenguinID 999999999' })
        expect(unknown.json()).toEqual({ code: 'INVALID_REQUEST', message: 'PenguinID is invalid' })
      }
      expect((await get(`${V2}/result/pattern?is_personal=maybe`)).json().code).toBe('INVALID_REQUEST')
      expect((await get(`${V2}/result/pattern?server=UK`)).statusCode).toBe(400)
    })
  })

  describe('trends', () => {
    it('aligns every item of a stage to its first day with data and ends with today', async () => {
      const res = await get(`${V2}/result/trends?server=US`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('public, max-age=300')
      const { trend } = TrendResultSchema.parse(res.json())
      const todayUs = serverDayIndex('US', NOW)
      expect(Object.keys(trend)).toEqual(['main_01-07'])
      expect(trend['main_01-07']).toEqual({
        startTime: serverDayStart('US', todayUs - 2),
        results: {
          '30012': { quantity: [11, 0, 5], times: [10, 0, 6] },
          '2001': { quantity: [0, 0, 4], times: [10, 0, 6] },
        },
      })
      const priv = await get(`${V2}/_private/result/trend/US`)
      expect(priv.statusCode).toBe(200)
      expect(priv.json()).toEqual(res.json())
      expect((await get(`/api/v2/result/trends?server=KR`)).json()).toEqual({ trend: {} })
      expect((await get(`/api/v2/result/trends`)).statusCode).toBe(200)
      expect((await get(`/api/v2/result/trends?server=UK`)).statusCode).toBe(400)
      expect((await get(`${V2}/_private/result/trend/UK`)).statusCode).toBe(400)
    })
  })

  describe('advanced queries', () => {
    const q16 = {
      stageId: 'main_01-07',
      itemIds: [],
      server: 'CN',
      isPersonal: false,
      sourceCategory: 'all',
      start: 1556668800000,
      end: 1562630400000,
    }
    let pairItems: string[]

    beforeAll(async () => {
      const rows = await ctx.db.kysely
        .selectFrom('drop_infos')
        .select('item_id')
        .distinct()
        .where('server', '=', 'CN')
        .where('stage_id', '=', 'main_01-07')
        .where('item_id', 'is not', null)
        .where('drop_type', '!=', 'RECOGNITION_ONLY')
        .where('start_at', '<', q16.end)
        .where('end_at', '>', q16.start)
        .execute()
      pairItems = rows.map((r) => r.item_id as string).sort()
    })

    it('§12 check 16: a window over raw reports, every overlapping pair, zero quantities included', async () => {
      const res = await advanced([q16])
      expect(res.statusCode).toBe(200)
      const { matrix } = matrixOf(res.json())
      expect(matrix.map((e) => e.itemId).sort()).toEqual(pairItems)
      const byItem = new Map(matrix.map((e) => [e.itemId, e]))
      // Valid reports: T0 (1 run, 30012×2 + 2001×1), T0+1d (2 runs, 30012×3), T0+2d (1 run, nothing).
      expect(byItem.get('30012')).toEqual({ stageId: 'main_01-07', itemId: '30012', times: 4, quantity: 5, stdDev: 1.299, start: q16.start, end: q16.end })
      expect(byItem.get('2001')).toMatchObject({ times: 4, quantity: 1, stdDev: 0.433 })
      expect(byItem.get('30011')).toMatchObject({ times: 4, quantity: 0, stdDev: 0 })
      expect(res.headers['cache-control']).toBeUndefined()
    })

    it('a window without reports answers no rows, as the public service does (a times-0 row shows "NaN%" in its client)', async () => {
      // Before the raw reports (T0) and after the baselines' start: no run of the stage counts.
      const res = await advanced([{ ...q16, start: T0 - 10 * DAY_MS, end: T0 - DAY_MS }, { ...q16, start: T0 - 10 * DAY_MS, end: T0 - DAY_MS, itemIds: ['30012'] }])
      expect(res.statusCode).toBe(200)
      expect(AdvancedResultsResponseSchema.parse(res.json()).advanced_results).toEqual([{ matrix: [] }, { matrix: [] }])
      // Personal: an account without reports in the window gets no rows either.
      const personal = await advanced([{ ...q16, isPersonal: true, start: T0 - 10 * DAY_MS, end: T0 - DAY_MS }], AUTH_A)
      expect(matrixOf(personal.json()).matrix).toEqual([])
    })

    it('§12 check 17: end null, omitted or 0 means now, and then the covered baseline counts', async () => {
      const baseline = await ctx.db.kysely
        .selectFrom('matrix_baselines')
        .select(['times', 'quantity', 'std_dev'])
        .where('server', '=', 'CN')
        .where('stage_id', '=', 'main_01-07')
        .where('item_id', '=', '30012')
        .executeTakeFirstOrThrow()
      const { end: _end, ...omitted } = q16
      for (const query of [{ ...q16, end: null }, omitted, { ...q16, end: 0 }]) {
        const res = await advanced([query])
        expect(res.statusCode).toBe(200)
        const e = matrixOf(res.json()).matrix.find((x) => x.itemId === '30012') as MatrixElement
        expect([e.start, e.end]).toEqual([q16.start, NOW])
        expect([e.times, e.quantity]).toEqual([baseline.times + 4, baseline.quantity + 5])
        expect(e.stdDev).toBeCloseTo(baseline.std_dev, 3)
      }
      // start missing/0/null → launch; an end in the future is sent as null.
      const future = await advanced([{ server: 'CN', stageId: 'main_01-07', start: 0, end: NOW + DAY_MS }])
      const e = matrixOf(future.json()).matrix.find((x) => x.itemId === '30012') as MatrixElement
      expect([e.start, e.end, e.times]).toEqual([CN_LAUNCH, null, baseline.times + 4])
    })

    it('§12 check 18: three automated queries for one item', async () => {
      const q = { isPersonal: false, itemIds: ['ap_supply_lt_010'], server: 'CN', sourceCategory: 'automated', stageId: 'main_01-07', start: 1556668800000, end: 1690000000000 }
      const res = await advanced([q, q, { ...q, itemIds: ['30012'] }])
      expect(res.statusCode).toBe(200)
      const results = AdvancedResultsResponseSchema.parse(res.json()).advanced_results as { matrix: MatrixElement[] }[]
      expect(results).toHaveLength(3)
      expect(results[0]?.matrix).toEqual([
        { stageId: 'main_01-07', itemId: 'ap_supply_lt_010', times: 3, quantity: 0, stdDev: 0, start: q.start, end: q.end },
      ])
      expect(results[1]).toEqual(results[0])
      // Automated only: the manual empty report is left out; baselines count for category all only.
      expect(results[2]?.matrix).toEqual([{ stageId: 'main_01-07', itemId: '30012', times: 3, quantity: 5, stdDev: 1.2472, start: q.start, end: q.end }])
    })

    it('personal queries use the caller’s reports with reliability ≥ 0, privately', async () => {
      const q = { ...q16, isPersonal: true, itemIds: ['30012', '30011'] }
      const res = await advanced([q], AUTH_A)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('private, no-store')
      const byItem = new Map(matrixOf(res.json()).matrix.map((e) => [e.itemId, e]))
      // A: T0 (valid), T0+1h rejected (30012×1) and unverified (30011×1); the recalled one is out.
      expect(byItem.get('30012')).toMatchObject({ times: 3, quantity: 3 })
      expect(byItem.get('30011')).toMatchObject({ times: 3, quantity: 1 })
      const none = await advanced([q])
      expect(none.json()).toEqual({ code: 'INVALID_REQUEST', message: 'PenguinID not found in request' })
      const unknown = await advanced([q], { authorization: 'PenguinID 999999999' })
      expect(unknown.json()).toEqual({ code: 'INVALID_REQUEST', message: 'PenguinID is invalid' })
    })

    it('trend queries: buckets from the start, real runs for every item, zeros where nothing happened', async () => {
      const q = { server: 'CN', stageId: 'main_01-07', start: T0, end: T0 + 3 * DAY_MS, interval: DAY_MS }
      const res = await advanced([q, { ...q, itemIds: ['2001'], interval: 5_400_000, end: T0 + 6 * HOUR_MS }])
      expect(res.statusCode).toBe(200)
      const [daily, hourly] = AdvancedResultsResponseSchema.parse(res.json()).advanced_results as { trend: Record<string, { startTime: number; results: Record<string, { quantity: number[]; times: number[] }> }> }[]
      const stage = daily?.trend['main_01-07']
      expect(stage?.startTime).toBe(T0)
      expect(Object.keys(stage?.results ?? {}).sort()).toEqual(pairItems)
      expect(stage?.results['30012']).toEqual({ quantity: [2, 3, 0], times: [1, 2, 1] })
      expect(stage?.results['2001']).toEqual({ quantity: [1, 0, 0], times: [1, 2, 1] })
      expect(stage?.results['30011']).toEqual({ quantity: [0, 0, 0], times: [1, 2, 1] })
      // 1.5 h rounds to 2 h: three buckets over six hours; only the requested item.
      expect(hourly?.trend).toEqual({ 'main_01-07': { startTime: T0, results: { '2001': { quantity: [1, 0, 0], times: [1, 0, 0] } } } })
      const empty = await advanced([{ ...q, start: T0 + 10 * DAY_MS, end: T0 + 12 * DAY_MS }])
      expect(AdvancedResultsResponseSchema.parse(empty.json()).advanced_results).toEqual([{ trend: {} }])
    })

    it.each([
      ['no queries', { queries: [] }, 'INVALID_REQUEST'],
      ['six queries', { queries: Array(6).fill({ server: 'CN', stageId: 'main_01-07' }) }, 'INVALID_REQUEST'],
      ['missing server', { queries: [{ stageId: 'main_01-07' }] }, 'INVALID_REQUEST'],
      ['bad category', { queries: [{ server: 'CN', stageId: 'main_01-07', sourceCategory: 'robots' }] }, 'INVALID_REQUEST'],
      ['unknown stage', { queries: [{ server: 'CN', stageId: 'main_99-99' }] }, 'NOT_FOUND'],
      ['unknown item', { queries: [{ server: 'CN', stageId: 'main_01-07', itemIds: ['30012', 'nope'] }] }, 'NOT_FOUND'],
    ])('rejects %s with 400', async (_name, body, code) => {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/v2/result/advanced`, payload: body })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe(code)
      expect(typeof res.json().message).toBe('string')
      if (code === 'NOT_FOUND') expect(res.json().message).toBe('resource not found with given parameters')
    })

    it('rejects bad windows and intervals with the §8.4 messages', async () => {
      const base = { server: 'CN', stageId: 'main_01-07', start: T0, end: T0 + DAY_MS }
      const cases: [unknown, string | RegExp][] = [
        [{ ...base, end: T0 }, 'end must be later than start'],
        [{ ...base, end: T0 - 1 }, 'end must be later than start'],
        [{ ...base, interval: 1_000_000 }, 'interval length must be greater than 1 hour'],
        [{ ...base, interval: 0 }, 'interval length must be greater than 1 hour'],
        [{ ...base, end: T0 + 400 * HOUR_MS, interval: HOUR_MS }, /400.*360/],
      ]
      for (const [query, message] of cases) {
        const res = await advanced([query])
        expect(res.statusCode).toBe(400)
        expect(res.json().code).toBe('INVALID_REQUEST')
        expect(res.json().message).toMatch(message)
      }
      expect((await advanced([{ ...base, end: T0 + 360 * HOUR_MS, interval: HOUR_MS }])).statusCode).toBe(200)
    })
  })

  describe('caching', () => {
    it('rebuilds global answers when the data version moves', async () => {
      const catalog = createCatalogService({ repository: createCatalogRepository(ctx.db), clock: () => now.value })
      const version = createDataVersion()
      const repository = createResultsRepository(ctx.db)
      const patterns = createPatternsService({
        repository,
        catalog,
        accounts: createAccountsService({ accounts: createAccountsRepository(ctx.db), clock: () => now.value, randomInt: () => 0 }),
        version,
        clock: () => now.value,
      })
      const trends = createTrendsService({ repository, version, clock: () => now.value })
      const count = async () =>
        patternsOf(JSON.parse((await patterns.matrix({ server: 'KR', category: 'all', personal: false, showAll: true }, null)).body).pattern_matrix, 'main_01-07').length
      expect(await count()).toBe(0)
      const data = createResultsTestData(ctx.db)
      await data.patternDay({ server: 'KR', stageId: 'main_01-07', drops: [], day: serverDayIndex('KR', NOW), reports: 1 })
      await data.stageDay({ server: 'KR', stageId: 'main_01-07', day: serverDayIndex('KR', NOW), times: 1, singleRunReports: 1 })
      expect(await count()).toBe(0)
      version.advance(1)
      expect(await count()).toBe(1)
      const trend = async () => Object.keys(JSON.parse((await trends.global('KR')).body).trend)
      expect(await trend()).toEqual([])
      await data.itemDay({ server: 'KR', stageId: 'main_01-07', itemId: '2001', day: serverDayIndex('KR', NOW), quantity: 1 })
      expect(await trend()).toEqual([])
      // The 60-day window moves at the next KR midnight.
      now.value = serverDayStart('KR', serverDayIndex('KR', NOW) + 1)
      expect(await trend()).toEqual(['main_01-07'])
      now.value = NOW
      await sql`delete from agg_item_daily where server = 'KR'`.execute(ctx.db.kysely)
    })
  })

  it('latestSpan: the last span with an active drop info', () => {
    expect(latestSpan([])).toBeNull()
    const open = 62141368179000
    expect(latestSpan([{ start_at: 1, end_at: open }, { start_at: 5, end_at: 9 }])).toEqual({ start: 9, end: open })
    expect(latestSpan([{ start_at: 1, end_at: 4 }, { start_at: 6, end_at: 9 }])).toEqual({ start: 6, end: 9 })
    expect(latestSpan([{ start_at: 1, end_at: 4 }, { start_at: 1, end_at: 4 }])).toEqual({ start: 1, end: 4 })
    expect(latestSpan([{ start_at: 1, end_at: open }, { start_at: 5, end_at: open }])).toEqual({ start: 5, end: open })
  })
})
