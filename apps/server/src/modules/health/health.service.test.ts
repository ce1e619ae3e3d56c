import type { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { createHealthService } from './health.service'

const database = (answers: boolean) => ({ ping: () => (answers ? Promise.resolve() : Promise.reject(new Error('connection refused'))) })
const fakeRedis = (status: string, pong: boolean) => ({ status, ping: () => (pong ? Promise.resolve('PONG') : Promise.reject(new Error('down'))) }) as unknown as Redis

describe('health service (fake repository)', () => {
  it.each([
    [true, null, { status: 'ok', checks: { database: 'ok', redis: 'off' } }],
    [false, null, { status: 'down', checks: { database: 'down', redis: 'off' } }],
    [true, fakeRedis('ready', true), { status: 'ok', checks: { database: 'ok', redis: 'ok' } }],
    [true, fakeRedis('reconnecting', true), { status: 'degraded', checks: { database: 'ok', redis: 'down' } }],
    [true, fakeRedis('ready', false), { status: 'degraded', checks: { database: 'ok', redis: 'down' } }],
    [false, fakeRedis('ready', false), { status: 'down', checks: { database: 'down', redis: 'down' } }],
  ])('case %#: database answers = %s', async (answers, redis, expected) => {
    expect(await createHealthService({ repository: database(answers), redis }).check()).toEqual(expected)
  })

  it('adds the resources’ state without changing the status', async () => {
    const assets = { state: 'unavailable' as const, recognizer: false, reason: 'ENOTFOUND', hint: 'see ASSETS_DIR' }
    expect(await createHealthService({ repository: database(true), redis: null, assets: () => assets }).check()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'off' },
      assets,
    })
  })
})
