import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../testing/test-app'

const ORIGIN = 'https://penguin-stats.io'
const REQUESTED_HEADERS = 'Content-Type,Authorization,X-Requested-With,X-Penguin-Variant,sentry-trace'

// api-v2.md §12, checks 1-4, plus the headers every v2 response carries.
describe.each(dbTargets())('compatibility (api-v2 §12 checks 1-4) on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  it('1: health and bininfo answer 200', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/_/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'off' },
      data: expect.objectContaining({ version: 1 }),
      assets: expect.objectContaining({ state: 'off' }),
    })
    const bin = await ctx.app.inject({ method: 'GET', url: '/api/_/bininfo' })
    expect(bin.statusCode).toBe(200)
    expect(bin.json()).toEqual({ version: expect.any(String), build: expect.any(String) })
  })

  it('2: GET /config reflects the origin and allows credentials', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/PenguinStats/api/v2/config', headers: { origin: ORIGIN } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN)
    expect(res.headers['access-control-allow-credentials']).toBe('true')
    expect(String(res.headers['access-control-expose-headers'])).toContain('X-Penguin-Set-PenguinID')
  })

  it('3: preflight answers 204 with the methods and headers', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/PenguinStats/api/v2/config',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': REQUESTED_HEADERS },
    })
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-methods']).toBe('GET,POST,DELETE,OPTIONS')
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(',')
    for (const h of REQUESTED_HEADERS.toLowerCase().split(',')) expect(allowed).toContain(h)
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN)
  })

  it.each(['/items', '/stages', '/zones'])('4: GET %s answers 200 on both bases', async (path) => {
    for (const base of ['/PenguinStats/api/v2', '/api/v2']) {
      const res = await ctx.app.inject({ method: 'GET', url: `${base}${path}` })
      expect(res.statusCode).toBe(200)
      expect((res.json() as unknown[]).length).toBeGreaterThan(0)
    }
  })

  it('every v2 response carries X-Penguin-Compatible and a request id; never X-Penguin-Upgrade', async () => {
    for (const url of ['/PenguinStats/api/v2/items', '/api/v2/stages/nope', '/api/v2/stages?server=UK', '/PenguinStats/api/v2/no/such/route']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.headers['x-penguin-compatible'], url).toBe('frontend-v2@v3.4.0')
      expect(res.headers['x-penguin-request-id'], url).toMatch(/^[0-9a-v]{20}$/)
      expect(res.headers['x-penguin-upgrade']).toBeUndefined()
    }
  })

  it('unknown routes under the base are 404 with {code, message}', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/definitely-not-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) })
  })

  describe('CORS by route: credentials on v2 only, and only for allowed origins (plugins/cors.test.ts)', () => {
    const EVIL = 'https://evil.example'
    const preflight = (url: string, method = 'GET') =>
      ctx.app.inject({ method: 'OPTIONS', url, headers: { origin: EVIL, 'access-control-request-method': method, 'access-control-request-headers': 'Content-Type' } })

    it.each(['/PenguinStats/api/v2', '/api/v2'])('%s: preflight and GET from another origin echo it without credentials', async (base) => {
      const pre = await preflight(`${base}/report`, 'POST')
      expect(pre.statusCode).toBe(204)
      expect(pre.headers['access-control-allow-origin']).toBe(EVIL)
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined()
      expect(pre.headers['access-control-allow-methods']).toBe('GET,POST,DELETE,OPTIONS')
      const get = await ctx.app.inject({ method: 'GET', url: `${base}/items?i18n=true`, headers: { origin: EVIL } })
      expect(get.statusCode).toBe(200)
      expect(get.headers['access-control-allow-origin']).toBe(EVIL)
      expect(get.headers['access-control-allow-credentials']).toBeUndefined()
      expect(String(get.headers.vary)).toMatch(/Origin/)
    })

    it('/api/_/health and the docs: no CORS at all for another origin', async () => {
      for (const url of ['/api/_/health', '/api/_/bininfo', '/api/docs/json']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { origin: EVIL } })
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['access-control-allow-origin'], url).toBeUndefined()
        expect(res.headers['access-control-allow-credentials'], url).toBeUndefined()
      }
      const pre = await preflight('/api/_/health')
      expect(pre.statusCode).toBe(404)
      expect(pre.headers['access-control-allow-origin']).toBeUndefined()
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined()
    })

    it('/planner/plan: open to any origin (`*`), never with credentials', async () => {
      const pre = await preflight('/planner/plan', 'POST')
      expect(pre.statusCode).toBe(204)
      expect(pre.headers['access-control-allow-origin']).toBe('*')
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined()
      expect(pre.headers['access-control-allow-methods']).toBe('POST')
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/planner/plan',
        headers: { origin: EVIL, 'content-type': 'application/json', cookie: 'PenguinID=1' },
        payload: { required: { '30012': 1 }, owned: {}, server: 'CN' },
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['access-control-allow-origin']).toBe('*')
      expect(res.headers['access-control-allow-credentials']).toBeUndefined()
    })

    it('every response says nosniff', async () => {
      for (const url of ['/api/v2/items', '/api/_/health', '/api/v2/no/such/route']) {
        expect((await ctx.app.inject({ method: 'GET', url })).headers['x-content-type-options'], url).toBe('nosniff')
      }
    })
  })

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v2/items', '/api/v2/result/matrix', '/api/v2/stages/{stageId}']))
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/PenguinStats'))).toBe(false)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400)
  })

  it('serves Swagger UI under its own policy', async () => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-ui-bundle.js']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'(;|$)/)
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/)
      expect(res.headers['x-frame-options'], url).toBe('DENY')
    }
  })
})
