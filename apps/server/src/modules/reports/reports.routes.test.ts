import { MatrixResponseSchema } from '@dropwise/schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const BASE = '/PenguinStats/api/v2'

describe.each(dbTargets())('reports on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `${BASE}${url}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })
  const matrixOf = async (query: string, headers: Record<string, string> = {}) =>
    MatrixResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: `${BASE}/result/matrix?${query}`, headers })).json()).matrix

  it('§12 5-7: accepts R, creates an account when the caller has none or an unknown one', async () => {
    const first = await post('/report', R)
    expect(first.statusCode).toBe(200)
    expect(first.json().reportHash).toHaveLength(37)
    const id = first.headers['x-penguin-set-penguinid'] as string
    expect(id).toMatch(/^\d{9}$/)
    expect(String(first.headers['set-cookie'])).toContain(`userID=${id}; Max-Age=313560000; Path=/`)

    const again = await post('/report', R, { authorization: `PenguinID ${id}` })
    expect(again.statusCode).toBe(200)
    expect(again.json().reportHash).toHaveLength(37)
    expect(again.headers['x-penguin-set-penguinid']).toBeUndefined()

    const unknown = await post('/report', R, { authorization: 'PenguinID 1145141919810' })
    expect(unknown.statusCode).toBe(200)
    expect(unknown.headers['x-penguin-set-penguinid']).toMatch(/^\d{9}$/)
    expect(unknown.headers['x-penguin-set-penguinid']).not.toBe(id)
  })

  it.each([
    ['8: a body cut short', JSON.stringify(R).slice(0, -1)],
    ['9: server UK', { ...R, server: 'UK' }],
    ['10: an unknown drop type', { ...R, drops: [{ dropType: 'SOMEELSE_DROP', itemId: '2002', quantity: 1 }] }],
    ['11: no stage id', { server: 'CN', source: 'MeoAssistant', drops: [], version: 'v3.0.4' }],
    ['12: quantity -1', { ...R, drops: [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: -1 }] }],
    ['quantity 0', { ...R, drops: [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: 0 }] }],
    ['times 7', { ...R, times: 7 }],
  ])('§12 %s → 400 with a message', async (_name, body) => {
    const res = await post('/report', body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringMatching(/\S/) })
  })

  it('a stage of no game family → 400 NOT_FOUND; unknown items are held (modules/held-reports); recruit tags by name', async () => {
    const stage = await post('/report', { ...R, stageId: 'no_such_stage' })
    expect(stage.statusCode).toBe(400)
    expect(stage.json().code).toBe('NOT_FOUND')
    const item = await post('/report', { ...R, drops: [...R.drops, { dropType: 'NORMAL_DROP', itemId: 'not_an_item', quantity: 1 }] })
    expect(item.statusCode).toBe(200)
    const held = await sql<{ unknown_items: string[] }>`select unknown_items from held_reports where report_hash = ${item.json().reportHash as string}`.execute(
      ctx.db.kysely,
    )
    expect(held.rows).toEqual([{ unknown_items: ['not_an_item'] }])
    const tag = await post('/report', { ...R, stageId: 'recruit', drops: [{ dropType: 'NORMAL_DROP', itemId: '无此标签', quantity: 1 }] })
    expect(tag.statusCode).toBe(400)
    expect(tag.json().message).toBe("unexpected recruit tag '无此标签': not found")
  })

  it('§12 13-14: an idempotency key saves the answer and replays it before parsing the body', async () => {
    const key = `backendtest${'a1B2c3D4e5'.repeat(3)}xy`
    const saved = await post('/report', R, { 'x-penguin-idempotency-key': key })
    expect(saved.statusCode).toBe(200)
    expect(saved.headers['x-penguin-idempotency']).toBe('saved')
    const hit = await post('/report', 'very+invalid_body', { 'x-penguin-idempotency-key': key })
    expect(hit.statusCode).toBe(200)
    expect(hit.headers['x-penguin-idempotency']).toBe('hit')
    expect(hit.json().reportHash).toBe(saved.json().reportHash)
    expect(hit.headers['x-penguin-set-penguinid']).toBe(saved.headers['x-penguin-set-penguinid'])
    const bad = await post('/report', R, { 'x-penguin-idempotency-key': 'not valid!' })
    expect(bad.statusCode).toBe(400)
    // Errors are not stored: the same key runs again.
    const failing = await post('/report', { ...R, server: 'UK' }, { 'x-penguin-idempotency-key': 'retrykey1' })
    expect(failing.statusCode).toBe(400)
    const retried = await post('/report', R, { 'x-penguin-idempotency-key': 'retrykey1' })
    expect(retried.headers['x-penguin-idempotency']).toBe('saved')
  })

  it('a report is in the personal matrix at once and in the global one after an aggregation pass', async () => {
    // wk_kc_5 drops exactly 1 × 2002, 1 × 2003 and 3 × 2004 per run: R is the only valid pattern.
    const sent = await post('/report', { ...R, drops: R.drops.filter((d) => d.itemId !== '2002') })
    const id = sent.headers['x-penguin-set-penguinid'] as string
    const auth = { authorization: `PenguinID ${id}` }
    await post('/report', R, auth)
    const personal = await matrixOf('is_personal=true&stageFilter=wk_kc_5', auth)
    expect(personal.find((e) => e.itemId === '2004')).toMatchObject({ times: 2, quantity: 6, stdDev: 0 })
    expect(personal.find((e) => e.itemId === '2002')).toMatchObject({ times: 2, quantity: 1, stdDev: 0.5 })
    expect(personal.find((e) => e.itemId === 'furni')).toMatchObject({ times: 2, quantity: 0 })

    const before = (await matrixOf('stageFilter=wk_kc_5&itemFilter=2004')).at(0)
    await ctx.app.aggregation.runOnce()
    await ctx.app.matrix.settle()
    const after = (await matrixOf('stageFilter=wk_kc_5&itemFilter=2004')).at(0)
    expect(before && after).toBeTruthy()
    // Every valid report sent so far by this file counts (the baseline plus our reports on wk_kc_5).
    expect((after?.times ?? 0) - (before?.times ?? 0)).toBeGreaterThanOrEqual(1)
    expect((after?.quantity ?? 0) - (before?.quantity ?? 0)).toBeGreaterThanOrEqual(3)
  })

  it('§12 15 and ours: only the owner recalls, once, and the global matrix forgets the report', async () => {
    const sent = await post('/report', R)
    const owner = sent.headers['x-penguin-set-penguinid'] as string
    const { reportHash } = sent.json()
    await ctx.app.aggregation.runOnce()
    await ctx.app.matrix.settle()
    const counted = (await matrixOf('stageFilter=wk_kc_5&itemFilter=2003')).at(0)

    const stranger = (await post('/report', R)).headers['x-penguin-set-penguinid'] as string
    await ctx.app.aggregation.runOnce()
    await ctx.app.matrix.settle()
    const other = await post('/report/recall', { reportHash }, { authorization: `PenguinID ${stranger}` })
    expect(other.statusCode).toBe(400)
    expect(other.json()).toEqual({ code: 'INVALID_REQUEST', message: 'report not existed or has already been recalled' })
    const anonymous = await post('/report/recall', { reportHash })
    expect(anonymous.statusCode).toBe(400)

    const strangerCounted = (await matrixOf('stageFilter=wk_kc_5&itemFilter=2003')).at(0)
    const ok = await post('/report/recall', { reportHash }, { authorization: `PenguinID ${owner}` })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toMatch(/^text\/plain/)
    expect(ok.body).toBe('OK')
    const twice = await post('/report/recall', { reportHash }, { authorization: `PenguinID ${owner}` })
    expect(twice.statusCode).toBe(400)
    await ctx.app.matrix.settle()
    const recalled = (await matrixOf('stageFilter=wk_kc_5&itemFilter=2003')).at(0)
    expect(recalled?.quantity).toBe((strangerCounted?.quantity ?? 0) - 1)
    expect(recalled?.times).toBe((strangerCounted?.times ?? 0) - 1)
    expect(counted?.quantity).toBeGreaterThan(0)
    expect((await post('/report/recall', { reportHash: 'x'.repeat(37) }, { authorization: `PenguinID ${owner}` })).statusCode).toBe(400)
  })

  it('stores reports that break the drop table without counting them (reliability 6)', async () => {
    const sent = await post('/report', { ...R, drops: [{ dropType: 'NORMAL_DROP', itemId: '2004', quantity: 99 }] })
    expect(sent.statusCode).toBe(200)
    await ctx.app.aggregation.runOnce()
    const row = await ctx.db.kysely.selectFrom('drop_reports').select('reliability').where('report_hash', '=', sent.json().reportHash).executeTakeFirst()
    expect(row?.reliability).toBe(6)
  })

  it('POST /users logs in with a text/plain PenguinID, 400 NOT_FOUND otherwise', async () => {
    const id = (await post('/report', R)).headers['x-penguin-set-penguinid'] as string
    const ok = await ctx.app.inject({ method: 'POST', url: `${BASE}/users`, headers: { 'content-type': 'text/plain' }, payload: ` ${id}\n` })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toMatch(/^text\/plain/)
    expect(JSON.parse(ok.body)).toEqual({ userID: id })
    expect(ok.headers['x-penguin-set-penguinid']).toBe(id)
    expect(ok.headers['cache-control']).toBe('no-cache, no-store, must-revalidate')
    const missing = await ctx.app.inject({ method: 'POST', url: `${BASE}/users`, headers: { 'content-type': 'text/plain' }, payload: '000000001' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().code).toBe('NOT_FOUND')
  })

  it('accepts a recognition batch and reports entries it could not store', async () => {
    const res = await post('/report/recognition', {
      server: 'CN',
      source: 'frontend-v2',
      version: '1.0.0',
      batchDrops: [
        { stageId: 'wk_kc_5', drops: R.drops, metadata: { md5: 'a'.repeat(32) } },
        { stageId: 'nowhere', drops: [] },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ taskId: expect.stringMatching(/^.{37}$/), errors: [{ index: 1, message: 'resource not found with given parameters' }] })
    expect((await post('/report/recognition', { server: 'CN', source: 'x', version: '1', batchDrops: [] })).statusCode).toBe(400)
  })

  it('refuses the public web client’s encrypted batch with a message pointing to our recognition page', async () => {
    const encrypted = 'bXlSc2FXcmFwcGVkQWVzS2V5PT0=:Y2lwaGVydGV4dE9mVGhlQmF0Y2hKc29u'
    const variants: Record<string, string>[] = [{ 'content-type': 'text/plain', 'x-penguin-variant': '1' }, { 'content-type': 'text/plain' }]
    for (const headers of variants) {
      const res = await post('/report/recognition', encrypted, { ...headers, host: 'drops.example' })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        code: 'INVALID_REQUEST',
        message: expect.stringContaining("Dropwise's own recognition page: http://drops.example/report/recognition"),
      })
      // Never "unavailable": that client would say the site is being deployed. No account is made either.
      expect(res.json().message).not.toMatch(/unavailable/i)
      expect(res.headers['x-penguin-set-penguinid']).toBeUndefined()
    }
    // Other text that is not JSON is still an ordinary parser error.
    const garbage = await post('/report/recognition', 'not json', { 'content-type': 'text/plain' })
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json().message).toMatch(/^invalid request: /)
    expect(garbage.json().message).not.toMatch(/recognition page/)
  })
})
