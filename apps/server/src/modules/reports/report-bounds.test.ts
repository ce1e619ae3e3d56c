import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const BASE = '/PenguinStats/api/v2'
/** The seed has no gacha-box stage: one is made of main_01-07 for these tests. */
const BOX = 'main_01-07'
const drop = (quantity: number, itemId = '2002') => ({ dropType: 'NORMAL_DROP', itemId, quantity })
const batch = (batchDrops: unknown[]) => ({ server: 'CN', source: 'frontend-v2-recognition', version: 'v1.0.0', batchDrops })

describe.each(dbTargets())('bound edge cases of the report path on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
    await sql`update stages set is_gacha = true where stage_id = ${BOX}`.execute(ctx.db.kysely)
  })
  afterAll(async () => ctx?.close())

  const post = (url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: `${BASE}${url}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) })
  const count = async (table: 'drop_reports' | 'accounts') =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db.kysely)).rows[0]?.n)
  const storedTimes = async (reportHash: string) =>
    (await ctx.db.kysely.selectFrom('drop_reports').select(['times', 'drops']).where('report_hash', '=', reportHash).executeTakeFirst()) ?? null

  it('a gacha-box report without known drops is answered 200 with 0 runs: nothing stored, no account made', async () => {
    // (A drop of an item the data does not know yet makes the report a held one instead: held-reports tests.)
    for (const drops of [[], null, undefined]) {
      const [reports, accounts] = [await count('drop_reports'), await count('accounts')]
      const res = await post('/report', { ...R, stageId: BOX, drops })
      expect(res.statusCode, JSON.stringify(drops)).toBe(200)
      expect(res.json().reportHash).toHaveLength(37)
      expect(res.headers['x-penguin-set-penguinid']).toBeUndefined()
      expect([await count('drop_reports'), await count('accounts')]).toEqual([reports, accounts])
      // The hash names no report: recalling it is the contract's ordinary refusal.
      const recall = await post('/report/recall', { reportHash: res.json().reportHash })
      expect(recall.statusCode).toBe(400)
    }
  })

  it('a gacha-box report summing past 1,000 is a 400 naming drops, never a 500; 1,000 is stored', async () => {
    const reports = await count('drop_reports')
    for (const drops of [[drop(1000), drop(1, '2003')], Array.from({ length: 20_000 }, () => drop(1000))]) {
      const res = await post('/report', { ...R, stageId: BOX, drops })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'INVALID_REQUEST',
        message: expect.stringMatching(/at most 1000/),
        violations: [{ field: 'drops', violation: 'lte', message: expect.stringMatching(/at most 1000/) }],
      })
    }
    expect(await count('drop_reports')).toBe(reports)
    const full = await post('/report', { ...R, stageId: BOX, drops: [drop(600), drop(400, '2003')] })
    expect(full.statusCode).toBe(200)
    expect((await storedTimes(full.json().reportHash))?.times).toBe(1000)
  })

  it('times and quantities at and past their bounds on an ordinary stage', async () => {
    for (const [times, want] of [
      [0, 1],
      [undefined, 1],
      [6, 6],
    ] as const) {
      const res = await post('/report', { ...R, times })
      expect(res.statusCode).toBe(200)
      expect((await storedTimes(res.json().reportHash))?.times).toBe(want)
    }
    for (const body of [
      { ...R, times: 7 },
      { ...R, times: -1 },
      { ...R, times: 1.5 },
      { ...R, times: 1e308 },
      { ...R, drops: [drop(1001)] },
      { ...R, drops: [drop(0)] },
      { ...R, drops: [drop(1e308)] },
    ]) {
      const res = await post('/report', body)
      expect(res.statusCode, JSON.stringify(body).slice(-60)).toBe(400)
      expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', violations: expect.arrayContaining([expect.objectContaining({ field: expect.any(String) })]) })
    }
    // The same item many times merges past 1,000: stored as sent (verification flags it, §7.2 never refuses it).
    const merged = await post('/report', { ...R, drops: Array.from({ length: 20_000 }, () => drop(1000)) })
    expect(merged.statusCode).toBe(200)
    expect((await storedTimes(merged.json().reportHash))?.drops).toEqual([{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: 20_000_000 }])
    // Every report stored above (1,000 gacha runs, 6 runs, 20 million of one item) folds into the aggregates.
    while ((await ctx.app.aggregation.runOnce()).verified > 0);
    const unverified = await ctx.db.kysely.selectFrom('drop_reports').select('report_id').where('reliability', 'is', null).execute()
    expect(unverified).toEqual([])
    const matrix = await ctx.app.inject({ method: 'GET', url: `${BASE}/result/matrix?show_closed_zones=true&stageFilter=wk_kc_5,${BOX}` })
    expect(matrix.statusCode).toBe(200)
  })

  it('recognition batches: 0-run and over-bound gacha entries are listed with a reason, the rest stored; 1-50 entries', async () => {
    const res = await post(
      '/report/recognition',
      batch([
        { stageId: BOX, drops: [] },
        { stageId: 'wk_kc_5', drops: R.drops },
        { stageId: BOX, drops: [drop(1000), drop(1, '2003')] },
        { stageId: BOX, drops: [drop(3)] },
      ]),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().errors).toEqual([
      { index: 0, message: expect.stringMatching(/0 runs and is not stored/) },
      { index: 2, message: expect.stringMatching(/at most 1000/) },
    ])
    const nothing = await post('/report/recognition', batch([{ stageId: BOX, drops: null }]))
    expect(nothing.statusCode).toBe(200)
    expect(nothing.headers['x-penguin-set-penguinid']).toBeUndefined()
    expect((await post('/report/recognition', batch(Array.from({ length: 50 }, () => ({ stageId: 'wk_kc_5', drops: R.drops }))))).json().errors).toEqual([])
    for (const entries of [[], Array.from({ length: 51 }, () => ({ stageId: 'wk_kc_5' }))]) {
      const refused = await post('/report/recognition', batch(entries))
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST', violations: [expect.objectContaining({ field: 'batchDrops' })] })
    }
  })
})
