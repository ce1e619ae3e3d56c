import { MyReportsResponseSchema, type MyReport } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const DAY = 24 * 60 * 60 * 1000
const BASES = ['/api/v2', '/PenguinStats/api/v2'] as const

describe.each(dbTargets())('my reports on $name', (target) => {
  let ctx: TestContext
  const T = Date.now()
  const now = { value: T }

  beforeAll(async () => {
    ctx = await createTestContext(target, { clock: () => now.value, app: { writeLimitPerMinute: 1_000_000 } })
  })
  afterAll(async () => ctx?.close())

  const post = (url: string, payload: unknown, penguinId?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v2${url}`,
      headers: { 'content-type': 'application/json', ...(penguinId ? { authorization: `PenguinID ${penguinId}` } : {}) },
      payload: JSON.stringify(payload),
    })
  const report = async (penguinId?: string, body: object = R) => {
    now.value += 1000
    const res = await post('/report', body, penguinId)
    expect(res.statusCode, res.body).toBe(200)
    return { hash: res.json().reportHash as string, penguinId: (res.headers['x-penguin-set-penguinid'] as string | undefined) ?? penguinId ?? '' }
  }
  const mine = async (penguinId: string, query = '', base: string = BASES[0]) => {
    const res = await ctx.app.inject({ method: 'GET', url: `${base}/_private/report/mine${query}`, headers: { cookie: `userID=${penguinId}` } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    return MyReportsResponseSchema.parse(res.json())
  }
  const byHash = (reports: MyReport[], hash: string) => reports.find((r) => r.reportHash === hash)

  let owner = ''
  const hashes: string[] = []

  it('lists the caller’s reports newest first, with drops, source, status and until when each may be recalled', async () => {
    const first = await report()
    owner = first.penguinId
    hashes.push(first.hash)
    for (let i = 0; i < 4; i++) hashes.push((await report(owner)).hash)
    for (const base of BASES) {
      const { reports, next } = await mine(owner, '', base)
      expect(reports.map((r) => r.reportHash)).toEqual([...hashes].reverse())
      expect(next).toBeNull()
      expect(reports[0]).toEqual({
        reportHash: hashes[4],
        server: 'CN',
        stageId: 'wk_kc_5',
        createdAt: T + 5000,
        drops: R.drops,
        times: 1,
        source: 'MeoAssistant',
        version: 'v3.0.4',
        category: 'automated',
        status: 'stored',
        rejection: null,
        detail: null,
        recallableUntil: T + 5000 + DAY,
      })
    }
  })

  it('pages with `before`: every report once, in order', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await mine(owner, `?limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`)
      expect(page.reports.length).toBeLessThanOrEqual(2)
      seen.push(...page.reports.map((r) => r.reportHash))
      cursor = page.next
      pages++
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen).toEqual([...hashes].reverse())
  })

  it('never shows another player’s reports', async () => {
    const stranger = await report()
    const theirs = await mine(stranger.penguinId)
    expect(theirs.reports.map((r) => r.reportHash)).toEqual([stranger.hash])
    expect(byHash((await mine(owner)).reports, stranger.hash)).toBeUndefined()
  })

  it('a report recalled from the list shows as recalled and can no longer be recalled', async () => {
    const target = (await mine(owner)).reports[1]
    expect(target?.recallableUntil).not.toBeNull()
    const recall = await post('/report/recall', { reportHash: target?.reportHash }, owner)
    expect(recall.statusCode, recall.body).toBe(200)
    const after = byHash((await mine(owner)).reports, target?.reportHash ?? '')
    expect(after).toMatchObject({ status: 'recalled', recallableUntil: null })
  })

  it('a report verification rejected says why; after 24 h nothing is recallable', async () => {
    const odd = await report(owner, { ...R, drops: [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: 9 }] })
    while ((await ctx.app.aggregation.runOnce()).verified > 0);
    expect(byHash((await mine(owner)).reports, odd.hash)).toMatchObject({ status: 'rejected', rejection: 'drop-table-mismatch' })
    expect(byHash((await mine(owner)).reports, hashes[4] ?? '')).toMatchObject({ status: 'stored', rejection: null })
    const saved = now.value
    now.value = T + 6000 + DAY
    const late = (await mine(owner)).reports
    expect(late.every((r) => r.recallableUntil === null || r.recallableUntil > now.value)).toBe(true)
    expect(byHash(late, hashes[0] ?? '')?.recallableUntil).toBeNull()
    now.value = saved
  })

  it('a held report is listed as held, with what the data lacks', async () => {
    const held = await report(owner, { ...R, stageId: 'act47side_01' })
    expect(byHash((await mine(owner)).reports, held.hash)).toMatchObject({ status: 'held', detail: 'stage act47side_01', times: null })
  })

  it('every report of a recognition batch is listed and recalled by its task id', async () => {
    now.value += 1000
    const entry = { stageId: 'wk_kc_5', drops: R.drops }
    const batch = await post('/report/recognition', { server: 'CN', source: 'dropwise-web-recognition', version: 'v1', batchDrops: [entry, entry, entry] }, owner)
    expect(batch.statusCode, batch.body).toBe(200)
    const taskId = batch.json().taskId as string
    const listed = (await mine(owner)).reports.filter((r) => r.source === 'dropwise-web-recognition')
    expect(listed).toHaveLength(3)
    expect(listed.every((r) => r.status === 'stored' && r.recallableUntil !== null && r.category === 'automated')).toBe(true)

    expect((await post('/_private/report/recall/batch', { taskId }, (await report()).penguinId)).statusCode).toBe(400)
    const recall = await post('/_private/report/recall/batch', { taskId }, owner)
    expect(recall.statusCode, recall.body).toBe(200)
    expect(recall.json()).toEqual({ recalled: 3 })
    const after = (await mine(owner)).reports.filter((r) => r.source === 'dropwise-web-recognition')
    expect(after.map((r) => r.status)).toEqual(['recalled', 'recalled', 'recalled'])
    expect(byHash((await mine(owner)).reports, hashes[4] ?? '')?.status).toBe('stored')
    const again = await post('/_private/report/recall/batch', { taskId }, owner)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ message: 'report not existed or has already been recalled' })
  })

  it('needs a PenguinID naming an account, as the held list does', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v2/_private/report/mine' })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ code: 'INVALID_REQUEST', message: 'PenguinID not found in request' })
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v2/_private/report/mine', headers: { authorization: 'PenguinID 99999999' } })
    const held = await ctx.app.inject({ method: 'GET', url: '/api/v2/_private/report/held', headers: { authorization: 'PenguinID 99999999' } })
    expect([unknown.statusCode, unknown.json()]).toEqual([held.statusCode, held.json()])
    expect(unknown.headers['cache-control']).not.toMatch(/public/)
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v2/_private/report/mine?before=nope', headers: { authorization: `PenguinID ${owner}` } })
    expect(bad.statusCode).toBe(400)
  })
})
