import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app'
import { R } from '../../testing/reports'
import { createTestContext, type TestContext } from '../../testing/test-app'

const redisUrl = process.env.TEST_REDIS_URL

// Two processes over one database and one Redis: the identity budget and the vouches are shared.
describe.skipIf(!redisUrl)('vouched PenguinIDs across processes with Redis', () => {
  let ctx: TestContext
  let other: App
  const options = { redisUrl: redisUrl as string, identityLimitPerMinute: 3 }
  const ready = async (app: App) => {
    for (let i = 0; i < 100 && (await app.inject({ method: 'GET', url: '/api/_/health' })).json().checks.redis !== 'ok'; i++) await new Promise((r) => setTimeout(r, 100))
  }
  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' }, { app: options })
    other = await buildApp({ db: ctx.db, webDist: null, ...options })
    await other.ready()
    await Promise.all([ready(ctx.app), ready(other)])
  })
  afterAll(async () => {
    await other?.close()
    await ctx?.close()
  })

  it('a player vouched for by one process reads through another while the shared budget is spent', async () => {
    // A fresh address each run: the keys outlive the test in a shared Redis.
    const shared = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/report',
      remoteAddress: shared,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(R),
    })
    const player = first.headers['x-penguin-set-penguinid'] as string
    const personal = (app: App, id: string) =>
      app.inject({ method: 'GET', url: '/api/v2/result/matrix?is_personal=true', remoteAddress: shared, headers: { authorization: `PenguinID ${id}` } })
    const guesses: number[] = []
    for (let k = 0; k < 6; k++) guesses.push((await personal(k % 2 ? other : ctx.app, String(410_000_000 + k))).statusCode)
    expect(guesses).toEqual([400, 400, 400, 429, 429, 429])
    expect((await personal(other, player)).statusCode).toBe(200)
    expect((await personal(ctx.app, player)).statusCode).toBe(200)
  })
})
