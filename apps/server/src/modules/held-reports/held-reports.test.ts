import { HeldReportsResponseSchema, MatrixResponseSchema } from '@dropwise/schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app'
import { R_MAA } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { releasedReport } from './held-report'
import { createHeldReportsRepository } from './held-reports.repository'
import { HOLD_LIMIT_MS } from './held-reports.service'

const DAY = 24 * 60 * 60 * 1000
const NEW_STAGE = 'act47side_01'
const NEW_ITEM = '30175'

// The body exactly as MAA serialises it (keys in its order), for a stage of an event the data does not know yet.
const maaBody = (stageId: string) =>
  `{"drops":[{"dropType":"NORMAL_DROP","itemId":"2002","quantity":1},{"dropType":"NORMAL_DROP","itemId":"2003","quantity":1},` +
  `{"dropType":"NORMAL_DROP","itemId":"2004","quantity":3}],"server":"CN","source":"${R_MAA.source}","stageId":"${stageId}","version":"${R_MAA.version}"}`
// MAA posts through libcurl asking for HTTP/2 (see plugins/http-edges.test.ts for the same over a socket).
const MAA_HEADERS = {
  'user-agent': 'MaaAssistantArknights/v5.9.0',
  accept: '*/*',
  connection: 'Upgrade, HTTP2-Settings',
  upgrade: 'h2c',
  'http2-settings': 'AAMAAABkAAQCAAAAAAIAAAAA',
  'content-type': 'application/json',
}

describe.each(dbTargets())('held reports on $name', (target) => {
  let ctx: TestContext
  let other: App
  const T = Date.now()
  const now = { value: T }
  const clock = () => now.value

  beforeAll(async () => {
    ctx = await createTestContext(target, { clock, app: { writeLimitPerMinute: 1_000_000 } })
    // A second instance over the same database (another process in production).
    other = await buildApp({ db: ctx.db, clock, webDist: null })
    await other.ready()
  })
  afterAll(async () => {
    await other?.close()
    await ctx?.close()
  })

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.36.0.1',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })
  const maa = (stageId: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/PenguinStats/api/v2/report', remoteAddress: '10.36.0.2', headers: { ...MAA_HEADERS, ...headers }, payload: maaBody(stageId) })
  const heldRows = async (hashes: string[]) =>
    (
      await sql<{ report_hash: string; state: string; held_reason: string; unknown_items: string[]; rejected_reason: string | null }>`
        select report_hash, state, held_reason, unknown_items, rejected_reason from held_reports
        where report_hash in (select jsonb_array_elements_text(${JSON.stringify(hashes)}::jsonb)) order by held_id`.execute(ctx.db.kysely)
    ).rows
  const reportsStored = async (hashes: string[]) =>
    (await ctx.db.kysely.selectFrom('drop_reports').select(['report_hash', 'drops', 'created_at']).where('report_hash', 'in', hashes).execute()).map((r) => ({
      ...r,
      created_at: Number(r.created_at),
    }))
  const matrixTimes = async () => {
    while ((await ctx.app.aggregation.runOnce()).verified > 0);
    await ctx.app.matrix.settle()
    const res = await ctx.app.inject({ method: 'GET', url: `/PenguinStats/api/v2/result/matrix?server=CN&stageFilter=${NEW_STAGE}` })
    const matrix = MatrixResponseSchema.parse(res.json()).matrix
    return matrix.find((e) => e.stageId === NEW_STAGE && e.itemId === '2004')?.times ?? 0
  }
  const heldList = async (penguinId: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/_private/report/held', headers: { authorization: `PenguinID ${penguinId}` } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toMatch(/private/)
    return HeldReportsResponseSchema.parse(res.json()).held
  }

  /** What a data version brings: the event stage with wk_kc_5's drop table on CN from a day ago. */
  const addNewStage = async () => {
    await sql`
      insert into stages (stage_id, zone_id, stage_type, code_i18n, ap_cost, min_clear_time, existence, is_gacha)
      select ${NEW_STAGE}, zone_id, 'ACTIVITY', code_i18n, ap_cost, min_clear_time, existence, false from stages where stage_id = 'wk_kc_5'`.execute(ctx.db.kysely)
    await sql`
      insert into drop_infos (server, stage_id, item_id, drop_type, lower_bound, upper_bound, start_at, accumulable)
      select distinct on (item_id, drop_type) server, ${NEW_STAGE}, item_id, drop_type, lower_bound, upper_bound, ${T - DAY}::bigint, accumulable
      from drop_infos where stage_id = 'wk_kc_5' and server = 'CN' order by item_id, drop_type, start_at desc`.execute(ctx.db.kysely)
    await ctx.app.catalog.reload()
    await other.catalog.reload()
  }

  let firstHash = ''
  let owner = ''
  let recalledHash = ''
  let batchTask = ''

  it("MAA's request for a stage the data does not know yet: 200 with a reportHash, held, in no number", async () => {
    const res = await maa(NEW_STAGE)
    expect(res.statusCode, res.body).toBe(200)
    firstHash = (res.json() as { reportHash: string }).reportHash
    expect(firstHash).toHaveLength(37)
    owner = res.headers['x-penguin-set-penguinid'] as string
    expect(owner).toMatch(/^\d{9}$/)
    expect(await heldRows([firstHash])).toEqual([{ report_hash: firstHash, state: 'held', held_reason: 'unknown-stage', unknown_items: [], rejected_reason: null }])
    expect(await reportsStored([firstHash])).toEqual([])
    expect(await matrixTimes()).toBe(0)
    const personal = await ctx.app.inject({ method: 'GET', url: '/api/v2/result/matrix?is_personal=true', headers: { authorization: `PenguinID ${owner}` } })
    expect(MatrixResponseSchema.parse(personal.json()).matrix.filter((e) => e.stageId === NEW_STAGE)).toEqual([])
    const list = await heldList(owner)
    expect(list).toEqual([expect.objectContaining({ reportHash: firstHash, stageId: NEW_STAGE, state: 'held', reason: 'unknown-stage', decidedAt: null })])

    // The owner recalls a second one while it is held: it never counts.
    const second = await maa(NEW_STAGE, { authorization: `PenguinID ${owner}` })
    recalledHash = (second.json() as { reportHash: string }).reportHash
    const recall = await post('/api/v2/report/recall', { reportHash: recalledHash }, { authorization: `PenguinID ${owner}` })
    expect(recall.statusCode, recall.body).toBe(200)
    expect((await heldRows([recalledHash]))[0]?.state).toBe('recalled')
    // Someone else cannot.
    const stranger = await maa(NEW_STAGE)
    const strangerHash = (stranger.json() as { reportHash: string }).reportHash
    expect((await post('/api/v2/report/recall', { reportHash: strangerHash }, { authorization: `PenguinID ${owner}` })).statusCode).toBe(400)
    await post('/api/v2/report/recall', { reportHash: strangerHash }, { authorization: `PenguinID ${stranger.headers['x-penguin-set-penguinid'] as string}` })
  })

  it('a recognition batch entry for the unknown stage is held, not listed in errors', async () => {
    const res = await post('/api/v2/report/recognition', {
      server: 'CN',
      source: 'dropwise-web-recognition',
      version: '1.0.0',
      batchDrops: [
        { stageId: NEW_STAGE, drops: R_MAA.drops, metadata: { md5: 'held-batch-1' } },
        { stageId: 'no_such_stage', drops: [] },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().errors).toEqual([{ index: 1, message: 'resource not found with given parameters' }])
    batchTask = res.json().taskId as string
    const row = await sql<{ n: number }>`select count(*)::int as n from held_reports where md5 = 'held-batch-1' and state = 'held'`.execute(ctx.db.kysely)
    expect(row.rows[0]?.n).toBe(1)
  })

  it('an unknown item on a known stage is held with its item, not silently dropped', async () => {
    const res = await post('/api/v2/report', { ...R_MAA, drops: [...R_MAA.drops, { dropType: 'NORMAL_DROP', itemId: NEW_ITEM, quantity: 2 }] })
    expect(res.statusCode, res.body).toBe(200)
    const hash = (res.json() as { reportHash: string }).reportHash
    expect(await heldRows([hash])).toEqual([{ report_hash: hash, state: 'held', held_reason: 'unknown-items', unknown_items: [NEW_ITEM], rejected_reason: null }])
    expect(await reportsStored([hash])).toEqual([])
    // The data learns the item: released with the item kept (verified against wk_kc_5's table, which lacks it).
    await sql`
      insert into items (item_id, name_i18n, existence, item_type, sort_id, rarity, group_id, sprite_coord, alias, pron)
      select ${NEW_ITEM}, name_i18n, existence, item_type, sort_id + 1, rarity, group_id, sprite_coord, alias, pron from items where item_id = '30012'`.execute(
      ctx.db.kysely,
    )
    await ctx.app.catalog.reload()
    await ctx.app.held.releaseHeld()
    const [stored] = await reportsStored([hash])
    expect(stored?.drops).toContainEqual({ dropType: 'NORMAL_DROP', itemId: NEW_ITEM, quantity: 2 })
    expect((await heldRows([hash]))[0]?.state).toBe('released')
  })

  it.each([
    ['a stage of no game family', { stageId: 'no_such_stage' }, 'NOT_FOUND'],
    ['an upper-case stage id', { stageId: 'ACT47SIDE_01' }, 'NOT_FOUND'],
    ['a stage id of 40 characters', { stageId: `act47side_${'1'.repeat(30)}` }, 'NOT_FOUND'],
    ['a path in the stage id', { stageId: 'act47side_01/../x' }, 'NOT_FOUND'],
    ['an item id with a space', { drops: [{ dropType: 'NORMAL_DROP', itemId: '30175 x', quantity: 1 }] }, 'INVALID_REQUEST'],
    ['an emoji item id', { drops: [{ dropType: 'NORMAL_DROP', itemId: '💥', quantity: 1 }] }, 'INVALID_REQUEST'],
    [
      'an item id of 5,000 letters',
      { stageId: NEW_STAGE.replace('47', '48'), drops: [{ dropType: 'NORMAL_DROP', itemId: 'a'.repeat(5000), quantity: 1 }] },
      'INVALID_REQUEST',
    ],
  ])('bad-shaped ids are a 400 as before, and nothing is held: %s', async (_name, patch, code) => {
    const before = await sql<{ n: number }>`select count(*)::int as n from held_reports`.execute(ctx.db.kysely)
    const res = await post('/api/v2/report', { ...R_MAA, ...patch })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code, message: expect.stringMatching(/\S/) })
    const after = await sql<{ n: number }>`select count(*)::int as n from held_reports`.execute(ctx.db.kysely)
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n)
  })

  it('once a data version knows the stage: released and counted exactly once, by two instances releasing at once and again', async () => {
    now.value = T + 60_000
    await addNewStage()
    // Both instances release at once (the reload listeners have started too), and two more releasers move
    // one report per transaction beside them; then once more each.
    const stage = { isGacha: false }
    const known = new Set((await ctx.app.catalog.itemList()).map((i) => i.itemId))
    const group = { stageId: NEW_STAGE, unknownItems: [] }
    const releasers = [createHeldReportsRepository(ctx.db), createHeldReportsRepository(ctx.db)]
    const moved = await Promise.all([
      ctx.app.held.releaseHeld(),
      other.held.releaseHeld(),
      ...releasers.map((r) => r.releaseGroup(group, 1, (h) => releasedReport(h, stage, known), clock())),
    ])
    await Promise.all([ctx.app.held.releaseHeld(), other.held.releaseHeld()])
    expect(moved.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2)
    const [stored] = await reportsStored([firstHash])
    expect(stored?.created_at).toBe(T) // its arrival time: verified against the drop infos active then
    expect((await heldRows([firstHash]))[0]?.state).toBe('released')
    expect(await reportsStored([recalledHash])).toEqual([])
    // MAA's report and the batch entry count; the recalled ones do not.
    expect(await matrixTimes()).toBe(2)
    await ctx.app.held.releaseHeld()
    expect(await matrixTimes()).toBe(2)
    const list = await heldList(owner)
    expect(list.find((h) => h.reportHash === firstHash)).toMatchObject({ state: 'released', decidedAt: T + 60_000 })
    expect(list.find((h) => h.reportHash === recalledHash)).toMatchObject({ state: 'recalled' })
    expect(batchTask).toHaveLength(37)
  })

  it('the same request sent after the data knows the stage counts at once, without being held', async () => {
    const res = await maa(NEW_STAGE)
    expect(res.statusCode).toBe(200)
    const hash = (res.json() as { reportHash: string }).reportHash
    expect(await heldRows([hash])).toEqual([])
    expect(await reportsStored([hash])).toHaveLength(1)
    expect(await matrixTimes()).toBe(3)
  })

  it('held reports no data version explains within 14 days are rejected with the reason', async () => {
    now.value = T + DAY
    const old = (await maa('act99side_01')).json().reportHash as string
    const oldItem = (await post('/api/v2/report', { ...R_MAA, drops: [{ dropType: 'NORMAL_DROP', itemId: 'act99side_token_1', quantity: 1 }] })).json()
      .reportHash as string
    now.value = T + 10 * DAY
    const young = (await maa('act99side_01')).json().reportHash as string
    now.value = T + DAY + HOLD_LIMIT_MS - 1
    expect(await ctx.app.held.rejectStale()).toBe(0)
    now.value = T + DAY + HOLD_LIMIT_MS + 1
    expect(await ctx.app.held.rejectStale()).toBe(2)
    expect(await ctx.app.held.rejectStale()).toBe(0)
    const rows = await heldRows([old, oldItem, young])
    expect(rows.map((r) => [r.state, r.rejected_reason])).toEqual([
      ['rejected', 'no data version knew stage act99side_01 within 14 days'],
      ['rejected', 'no data version knew item act99side_token_1 within 14 days'],
      ['held', null],
    ])
  })

  it('the held list needs a valid PenguinID', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/PenguinStats/api/v2/_private/report/held' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', message: 'PenguinID not found in request' })
  })
})
