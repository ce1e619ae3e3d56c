import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app'
import { R_MAA } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

// A held report sent with an idempotency key (MAA sends one with every report) is held once however often it
// is retried, through one process or two: its key is committed with it, as for a stored report.
describe.each(dbTargets())('held reports and idempotency keys on $name', (target) => {
  let ctx: TestContext
  let other: App
  beforeAll(async () => {
    ctx = await createTestContext(target, { app: { writeLimitPerMinute: 1_000_000 } })
    other = await buildApp({ db: ctx.db, webDist: null })
    await other.ready()
  })
  afterAll(async () => {
    await other?.close()
    await ctx?.close()
  })

  const body = JSON.stringify({ ...R_MAA, stageId: 'act48side_02', drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }] })
  const send = (app: App, key: string) =>
    app.inject({
      method: 'POST',
      url: '/PenguinStats/api/v2/report',
      remoteAddress: '10.48.0.1',
      headers: { 'content-type': 'application/json', 'x-penguin-idempotency-key': key },
      payload: body,
    })
  const held = async () =>
    Number((await sql<{ n: number }>`select count(*)::int as n from held_reports where stage_id = 'act48side_02'`.execute(ctx.db.kysely)).rows[0]?.n)
  const accounts = async () => Number((await sql<{ n: number }>`select count(*)::int as n from accounts`.execute(ctx.db.kysely)).rows[0]?.n)

  it('a retry replays the first answer and holds nothing more', async () => {
    const first = await send(ctx.app, 'heldKey1')
    expect(first.statusCode).toBe(200)
    const [rows, owners] = [await held(), await accounts()]
    expect(rows).toBe(1)
    const again = await send(ctx.app, 'heldKey1')
    expect(again.statusCode).toBe(200)
    expect(again.json().reportHash).toBe(first.json().reportHash)
    expect(again.headers['x-penguin-idempotency']).toBe('hit')
    expect([await held(), await accounts()]).toEqual([rows, owners])
  })

  it('the same key sent to two processes at once is held once, and both answers are the same', async () => {
    const before = await held()
    const owners = await accounts()
    const answers = await Promise.all([send(ctx.app, 'heldKey2'), send(other, 'heldKey2'), send(other, 'heldKey2')])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    expect(new Set(answers.map((a) => a.json().reportHash)).size).toBe(1)
    expect(await held()).toBe(before + 1)
    // One account for the one report held; a duplicate's account is not kept.
    expect(await accounts()).toBe(owners + 1)
  })
})
