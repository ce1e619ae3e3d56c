import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCorsOrigins } from '../config/cors-origins'
import { R } from '../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../testing/test-app'

const MATRIX = '/PenguinStats/api/v2/_private/result/matrix/CN/personal'
const REQUESTED = 'Content-Type,Authorization,X-Requested-With,X-Penguin-Variant,sentry-trace'

// Issue 37 item 4: a page of any origin must not read a logged-in player's personal matrix through the cookie.
describe.each(dbTargets())('credentialed CORS only for allowed origins on $name', (target) => {
  let ctx: TestContext
  let custom: TestContext
  let player: string
  beforeAll(async () => {
    ctx = await createTestContext(target)
    const only = parseCorsOrigins('https://tools.example, https://*.friends.example')
    if (!only.ok) throw new Error('bad test origins')
    custom = await createTestContext(target, { app: { corsOrigins: only.value } })
    const first = await ctx.app.inject({ method: 'POST', url: '/api/v2/report', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(R) })
    player = first.headers['x-penguin-set-penguinid'] as string
  })
  afterAll(async () => {
    await ctx?.close()
    await custom?.close()
  })

  const preflight = (c: TestContext, origin: string, url = MATRIX) =>
    c.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, host: 'dropwise.example', 'access-control-request-method': 'GET', 'access-control-request-headers': REQUESTED },
    })
  const read = (c: TestContext, origin: string | null, url = MATRIX) =>
    c.app.inject({ method: 'GET', url, headers: { host: 'dropwise.example', cookie: `userID=${player}`, ...(origin ? { origin } : {}) } })
  const cors = (res: Awaited<ReturnType<typeof read>>) => [res.headers['access-control-allow-origin'], res.headers['access-control-allow-credentials']]

  it.each([
    'https://penguin-stats.io',
    'https://www.penguin-stats.io',
    'https://penguin-stats.cn',
    'https://cn.penguin-stats.cn',
    'https://dropwise.example', // this site's own pages
  ])('allowed by default: %s gets its origin back with credentials (preflight and request)', async (origin) => {
    const pre = await preflight(ctx, origin)
    expect(pre.statusCode).toBe(204)
    expect(cors(pre)).toEqual([origin, 'true'])
    const res = await read(ctx, origin)
    expect(res.statusCode).toBe(200)
    expect(cors(res)).toEqual([origin, 'true'])
    expect(String(res.headers.vary)).toMatch(/Origin/)
    expect((res.json() as { matrix: unknown[] }).matrix.length).toBeGreaterThan(0)
  })

  it.each([
    'https://evil.example',
    'https://penguin-stats.io.evil.example',
    'https://evilpenguin-stats.io',
    'http://penguin-stats.io',
    'https://penguin-stats.io:8443',
    'null',
  ])('not allowed: %s reads public data but never with credentials, and its cookie names nobody', async (origin) => {
    const pre = await preflight(ctx, origin)
    expect(pre.statusCode).toBe(204)
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined()
    const pub = await read(ctx, origin, '/api/v2/result/matrix')
    expect(pub.statusCode).toBe(200)
    expect(cors(pub)).toEqual([origin, undefined])
    expect(String(pub.headers.vary)).toMatch(/Origin/)
    // The browser would not hand this answer to the page anyway; the server does not use the cookie either.
    const personal = await read(ctx, origin)
    expect(personal.headers['access-control-allow-credentials']).toBeUndefined()
    expect(personal.statusCode).toBe(400)
    expect(personal.json()).toEqual({ code: 'INVALID_REQUEST', message: 'PenguinID not found in request' })
  })

  it('no Origin (MAA, scripts, same-origin GETs): no CORS headers, the cookie counts', async () => {
    const res = await read(ctx, null)
    expect(res.statusCode).toBe(200)
    expect(cors(res)).toEqual([undefined, undefined])
    expect((res.json() as { matrix: unknown[] }).matrix.length).toBeGreaterThan(0)
  })

  it('a page of another origin cannot report as the visitor with a simple (not preflighted) request', async () => {
    const post = (origin: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/report',
        headers: { origin, host: 'dropwise.example', 'content-type': 'text/plain', cookie: `userID=${player}` },
        payload: JSON.stringify(R),
      })
    const foreign = await post('https://evil.example')
    expect(foreign.statusCode).toBe(200)
    expect(foreign.headers['x-penguin-set-penguinid']).toMatch(/^\d{9}$/)
    expect(foreign.headers['x-penguin-set-penguinid']).not.toBe(player)
    const own = await post('https://penguin-stats.io')
    expect(own.statusCode).toBe(200)
    expect(own.headers['x-penguin-set-penguinid']).toBeUndefined()
  })

  it('CORS_ORIGINS replaces the defaults: only the listed origins get credentials', async () => {
    for (const origin of ['https://tools.example', 'https://a.friends.example', 'https://dropwise.example']) {
      expect(cors(await preflight(custom, origin)), origin).toEqual([origin, 'true'])
      expect(cors(await read(custom, origin, '/api/v2/result/matrix')), origin).toEqual([origin, 'true'])
    }
    for (const origin of ['https://penguin-stats.io', 'https://friends.example', 'https://tools.example.evil']) {
      expect(cors(await preflight(custom, origin)), origin).toEqual([origin, undefined])
      expect(cors(await read(custom, origin, '/api/v2/result/matrix')), origin).toEqual([origin, undefined])
    }
  })

  it('outside v2 nothing changes: the planner is `*` without credentials, health has no CORS', async () => {
    expect(cors(await preflight(ctx, 'https://penguin-stats.io', '/planner/plan'))).toEqual(['*', undefined])
    expect(cors(await read(ctx, 'https://penguin-stats.io', '/api/_/health'))).toEqual([undefined, undefined])
  })
})
