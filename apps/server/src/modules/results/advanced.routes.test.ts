import { AdvancedResultsResponseSchema, type MatrixElement } from '@dropwise/schemas'
import { DAY_MS, HOUR_MS } from '@dropwise/stats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { AUTH_A, CN_LAUNCH, NOW, seedResultsScenario, T0, V2 } from './results.test-data'

// Advanced queries (api-v2 §8.4) over the scenario of results.routes.test.ts.
describe.each(dbTargets())('advanced results on $name', (target) => {
  let ctx: TestContext

  const advanced = (queries: unknown[], headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `${V2}/result/advanced`, payload: { queries }, headers })
  const matrixOf = (body: unknown, i = 0) => AdvancedResultsResponseSchema.parse(body).advanced_results[i] as { matrix: MatrixElement[] }

  beforeAll(async () => {
    ctx = await createTestContext(target, { clock: () => NOW })
    await seedResultsScenario(ctx.db)
  })
  afterAll(async () => ctx?.close())

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
      const res = await advanced([
        { ...q16, start: T0 - 10 * DAY_MS, end: T0 - DAY_MS },
        { ...q16, start: T0 - 10 * DAY_MS, end: T0 - DAY_MS, itemIds: ['30012'] },
      ])
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
      const q = {
        isPersonal: false,
        itemIds: ['ap_supply_lt_010'],
        server: 'CN',
        sourceCategory: 'automated',
        stageId: 'main_01-07',
        start: 1556668800000,
        end: 1690000000000,
      }
      const res = await advanced([q, q, { ...q, itemIds: ['30012'] }])
      expect(res.statusCode).toBe(200)
      const results = AdvancedResultsResponseSchema.parse(res.json()).advanced_results as { matrix: MatrixElement[] }[]
      expect(results).toHaveLength(3)
      expect(results[0]?.matrix).toEqual([{ stageId: 'main_01-07', itemId: 'ap_supply_lt_010', times: 3, quantity: 0, stdDev: 0, start: q.start, end: q.end }])
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
      const [daily, hourly] = AdvancedResultsResponseSchema.parse(res.json()).advanced_results as {
        trend: Record<string, { startTime: number; results: Record<string, { quantity: number[]; times: number[] }> }>
      }[]
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
})
