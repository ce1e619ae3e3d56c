import type { ChildProcess } from 'node:child_process'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { hasRedis, startRedis, stopRedis } from '../../testing/private-redis'
import { freePort } from '../../testing/server-process'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { healthRoutes } from '../health/health.routes'
import { createHealthService } from '../health/health.service'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// Redis stopped under a running server: writes go on (idempotency in the database, limits per process),
// health says "degraded", and everything returns to Redis when it is back.
describe.skipIf(!hasRedis).each(dbTargets())('Redis outage on $name', (target) => {
  let ctx: TestContext
  let redis: ChildProcess
  let port: number
  beforeAll(async () => {
    port = await freePort()
    redis = await startRedis(port)
    ctx = await createTestContext(target, { app: { redisUrl: `redis://127.0.0.1:${port}`, writeLimitPerMinute: 5 } })
  })
  afterAll(async () => {
    await ctx?.close()
    if (redis) await stopRedis(redis)
  })

  const health = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/_/health' })
    return { status: res.statusCode, body: res.json() as { status: string; checks: { database: string; redis: string } } }
  }
  const waitFor = async (want: string) => {
    for (let i = 0; i < 100; i++) {
      if ((await health()).body.checks.redis === want) return
      await sleep(100)
    }
    throw new Error(`redis never became ${want}`)
  }
  const post = (ip: string, key?: string, payload: unknown = R) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/report',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', ...(key ? { 'x-penguin-idempotency-key': key } : {}) },
      payload: JSON.stringify(payload),
    })

  it('keeps taking reports while Redis is down, says so in health, and returns to Redis when it is back', async () => {
    await waitFor('ok')
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'ok' }, data: expect.any(Object), assets: expect.any(Object) } })
    const before = await post('10.50.0.1', 'beforeoutage1')
    expect(before.headers['x-penguin-idempotency']).toBe('saved')

    await stopRedis(redis)
    await waitFor('down')
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', redis: 'down' }, data: expect.any(Object), assets: expect.any(Object) },
    })

    // Writes keep working, keys keep replaying (kept in the database meanwhile).
    const during = await post('10.50.0.2', 'duringoutage1')
    expect(during.statusCode).toBe(200)
    expect(during.headers['x-penguin-idempotency']).toBe('saved')
    const replay = await post('10.50.0.2', 'duringoutage1', 'not json')
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['x-penguin-idempotency']).toBe('hit')
    expect(replay.body).toBe(during.body)
    // Limits keep holding, per process.
    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push((await post('10.50.0.3')).statusCode)
    expect(codes).toEqual([200, 200, 200, 200, 200, 429])

    redis = await startRedis(port)
    await waitFor('ok')
    expect((await health()).body.status).toBe('ok')
    const after = await post('10.50.0.4', 'afteroutage1')
    expect(after.statusCode).toBe(200)
    expect(after.headers['x-penguin-idempotency']).toBe('saved')
    expect((await post('10.50.0.4', 'afteroutage1')).headers['x-penguin-idempotency']).toBe('hit')
    // A key saved in the database during the outage still replays once Redis is back.
    const late = await post('10.50.0.2', 'duringoutage1')
    expect(late.headers['x-penguin-idempotency']).toBe('hit')
    expect(late.body).toBe(during.body)
  }, 60_000)
})

describe('health when the database does not answer', () => {
  it('is 503 "down"', async () => {
    const app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    const health = createHealthService({ repository: { ping: () => Promise.reject(new Error('connection refused')) }, redis: null })
    await app.register(healthRoutes, { health, binInfo: { version: '0', build: 'x' } })
    const res = await app.inject({ method: 'GET', url: '/api/_/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ status: 'down', checks: { database: 'down', redis: 'off' } })
    await app.close()
  })
})
