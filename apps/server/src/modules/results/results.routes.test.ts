import { PatternResponseSchema, TrendResultSchema, type PatternElement } from '@dropwise/schemas'
import { serverDayIndex, serverDayStart } from '@dropwise/stats'
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
import { A001, AUTH_A, createResultsTestData, EVENT_END, NOW, seedResultsScenario, V2 } from './results.test-data'

const patternsOf = (matrix: PatternElement[], stageId: string) => matrix.filter((e) => e.stageId === stageId)

// Patterns, trends and their caches; advanced queries: advanced.routes.test.ts (the same scenario).
describe.each(dbTargets())('results on $name', (target) => {
  let ctx: TestContext
  let sortIdOf: Map<string, number>
  const now = { value: NOW }

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    ctx = await createTestContext(target, { clock: () => now.value })
    sortIdOf = (await seedResultsScenario(ctx.db)).sortIdOf
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
      expect(main).toEqual([{ stageId: 'main_01-07', pattern: { drops: [{ itemId: '2001', quantity: 2 }] }, times: 7, quantity: 7, start: EVENT_END, end: null }])
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
    expect(
      latestSpan([
        { startAt: 1, endAt: open },
        { startAt: 5, endAt: 9 },
      ]),
    ).toEqual({ start: 9, end: open })
    expect(
      latestSpan([
        { startAt: 1, endAt: 4 },
        { startAt: 6, endAt: 9 },
      ]),
    ).toEqual({ start: 6, end: 9 })
    expect(
      latestSpan([
        { startAt: 1, endAt: 4 },
        { startAt: 1, endAt: 4 },
      ]),
    ).toEqual({ start: 1, end: 4 })
    expect(
      latestSpan([
        { startAt: 1, endAt: open },
        { startAt: 5, endAt: open },
      ]),
    ).toEqual({ start: 5, end: open })
  })
})
