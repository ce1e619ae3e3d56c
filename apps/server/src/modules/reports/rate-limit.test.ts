import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const body = JSON.stringify({ server: 'CN', source: 'MeoAssistant', stageId: 'wk_kc_5', drops: [], version: 'v3.0.4' })

describe.each(dbTargets())('write rate limits on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target, { app: { writeLimitPerMinute: 3, advancedLimitPer5Minutes: 2 } })
  })
  afterAll(async () => ctx?.close())

  it('answers 429 TOO_MANY_REQUESTS per IP once the limit is reached, and other IPs still pass', async () => {
    const post = (ip: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v2/report', remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: body })
    for (let i = 0; i < 3; i++) expect((await post('10.9.8.7')).statusCode).toBe(200)
    const limited = await post('10.9.8.7')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/\S/) })
    expect(limited.headers['x-penguin-compatible']).toBe('frontend-v2@v3.4.0')
    expect((await post('10.9.8.8')).statusCode).toBe(200)
    // Reads are not limited.
    for (let i = 0; i < 5; i++) expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/items', remoteAddress: '10.9.8.7' })).statusCode).toBe(200)
  })

  it('limits advanced queries per IP', async () => {
    const query = { queries: [{ stageId: 'main_01-07', server: 'CN' }] }
    const codes = []
    for (let i = 0; i < 3; i++) {
      codes.push((await ctx.app.inject({ method: 'POST', url: '/api/v2/result/advanced', remoteAddress: '10.7.7.7', payload: query })).statusCode)
    }
    expect(codes).toEqual([200, 200, 429])
  })
})
