import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../testing/test-app'

const redisUrl = process.env.TEST_REDIS_URL
const R = JSON.stringify({ server: 'CN', source: 'MeoAssistant', stageId: 'wk_kc_5', drops: [], version: 'v3.0.4' })

// With REDIS_URL the idempotency keys and rate-limit counters live in Redis (shared by all processes).
describe.skipIf(!redisUrl)('reports with Redis', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' }, { app: { redisUrl: redisUrl as string, writeLimitPerMinute: 4 } })
    // Until the connection is ready the process counts on its own (the fallback); wait for Redis.
    for (let i = 0; i < 100 && (await ctx.app.inject({ method: 'GET', url: '/api/_/health' })).json().checks.redis !== 'ok'; i++) {
      await new Promise((r) => setTimeout(r, 100))
    }
  })
  afterAll(async () => ctx?.close())

  const post = (headers: Record<string, string>, payload = R, ip = '10.1.2.3') =>
    ctx.app.inject({ method: 'POST', url: '/api/v2/report', remoteAddress: ip, headers: { 'content-type': 'application/json', ...headers }, payload })

  it('stores idempotency keys in Redis and replays them', async () => {
    const key = `redis${Date.now()}${Math.floor(Math.random() * 1e9)}`
    const saved = await post({ 'x-penguin-idempotency-key': key })
    expect(saved.headers['x-penguin-idempotency']).toBe('saved')
    const hit = await post({ 'x-penguin-idempotency-key': key }, 'not json at all')
    expect(hit.statusCode).toBe(200)
    expect(hit.headers['x-penguin-idempotency']).toBe('hit')
    expect(hit.body).toBe(saved.body)
  })

  it('counts writes per IP in Redis', async () => {
    const ip = `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const codes: number[] = []
    for (let i = 0; i < 5; i++) codes.push((await post({}, R, ip)).statusCode)
    expect(codes).toEqual([200, 200, 200, 200, 429])
  })
})
