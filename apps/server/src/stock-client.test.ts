/**
 * The public Penguin Statistics web client keeps working against Dropwise: its requests, as
 * web-reference.md lists them page by page (testing/stock-client-requests.json), replayed in order
 * against the real app, each answered as that client reads it: status, content type, the top-level
 * shape, and the headers it relies on (CORS for its origin, X-Penguin-Compatible, the PenguinID it adopts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptedRecognitionMessage } from './modules/reports/reports.routes'
import { COMPATIBLE_VERSION } from './plugins/compat'
import fixture from './testing/stock-client-requests.json'
import { createTestContext, dbTargets, type TestContext } from './testing/test-app'

type Kind = 'array' | 'nonEmptyArray' | 'object' | 'string' | 'number'
interface BodyExpectation {
  type: 'array' | 'object' | 'text' | 'jsonText'
  nonEmpty?: boolean
  elementKeys?: string[]
  keys?: Record<string, Kind>
  equals?: string
}
interface StockRequest {
  name: string
  method: string
  path: string
  query?: Record<string, string>
  headers?: Record<string, string>
  body?: unknown
  outsideBase?: boolean
  deviation?: string
  expect: {
    status: number
    contentType: string
    headers?: string[]
    body: BodyExpectation
    save?: Record<string, string>
    cors?: string
    private?: boolean
    rates?: boolean
  }
}

const requests = fixture.requests as unknown as StockRequest[]

const kindOf = (v: unknown): Kind | 'other' =>
  Array.isArray(v)
    ? v.length > 0
      ? 'nonEmptyArray'
      : 'array'
    : v !== null && typeof v === 'object'
      ? 'object'
      : typeof v === 'string'
        ? 'string'
        : typeof v === 'number'
          ? 'number'
          : 'other'
const fits = (v: unknown, want: Kind) => kindOf(v) === want || (want === 'array' && kindOf(v) === 'nonEmptyArray')

/** Replaces {penguinId} and {reportHash} with what earlier answers gave. */
const fill = (value: unknown, saved: Record<string, string>): unknown => {
  if (typeof value === 'string') return value.replace(/\{(\w+)\}/g, (all, name: string) => saved[name] ?? all)
  if (Array.isArray(value)) return value.map((v) => fill(v, saved))
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, saved)]))
  return value
}

describe.each(dbTargets())('the public web client’s requests on $name', (target) => {
  let ctx: TestContext
  const saved: Record<string, string> = {}

  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  it('covers every page of web-reference.md §4 that talks to the API', () => {
    const paths = new Set(requests.map((r) => `${r.method} ${r.path.replace(/\/(CN|US|global|personal|all|automated|manual)\b/g, '')}`))
    for (const call of [
      'GET /config',
      'GET /items',
      'GET /stages',
      'GET /zones',
      'GET /_private/result/matrix',
      'GET /_private/result/pattern',
      'GET /_private/result/trend',
      'GET /stats',
      'GET /period',
      'GET /notice',
      'POST /users',
      'POST /report',
      'POST /report/recall',
      'POST /report/recognition',
      'POST /recognition/defects/report/init',
      'POST /result/advanced',
      'POST /planner/plan',
    ]) {
      expect(paths, call).toContain(call)
    }
  })

  // In order: later requests use the PenguinID and report hash earlier answers gave.
  it.each(requests.map((r, i) => [i + 1, r.name, r] as const))('%i. %s', async (_i, _name, request) => {
    const headers = { ...(fill(request.headers ?? {}, saved) as Record<string, string>), Origin: fixture.origin }
    const body = fill(request.body, saved)
    const query = request.query ? `?${new URLSearchParams(request.query)}` : ''
    const res = await ctx.app.inject({
      method: request.method as 'GET' | 'POST',
      url: `${request.outsideBase ? '' : fixture.base}${request.path}${query}`,
      headers,
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    const want = request.expect
    expect(res.statusCode, res.body.slice(0, 300)).toBe(want.status)
    expect(String(res.headers['content-type'])).toMatch(new RegExp(`^${want.contentType}\\b`))
    for (const name of want.headers ?? []) expect(res.headers[name], name).toBeTruthy()
    expect(res.headers['x-penguin-upgrade']).toBeUndefined()
    if (want.cors) {
      expect(res.headers['access-control-allow-origin']).toBe(want.cors)
      // A JSON POST from another origin is preflighted by the browser first.
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: request.path,
        headers: { Origin: fixture.origin, 'Access-Control-Request-Method': request.method, 'Access-Control-Request-Headers': 'content-type' },
      })
      expect(preflight.statusCode).toBe(204)
      expect(preflight.headers['access-control-allow-origin']).toBe(want.cors)
    } else {
      // The client runs on its own origin with credentials (api-v2 §2.4) and compares this version with its own.
      expect(res.headers['access-control-allow-origin']).toBe(fixture.origin)
      expect(res.headers['access-control-allow-credentials']).toBe('true')
      expect(res.headers['x-penguin-compatible']).toBe(COMPATIBLE_VERSION)
    }
    if (want.private) expect(res.headers['cache-control']).toBe('private, no-store')

    const shape = want.body
    const parsed: unknown = shape.type === 'text' ? res.body : JSON.parse(res.body)
    if (shape.type === 'text') expect(parsed).toBe(shape.equals)
    if (shape.type === 'array') {
      expect(Array.isArray(parsed)).toBe(true)
      const list = parsed as Record<string, unknown>[]
      if (shape.nonEmpty) expect(list.length).toBeGreaterThan(0)
      for (const key of shape.elementKeys ?? [])
        expect(
          list.every((e) => key in e),
          key,
        ).toBe(true)
    }
    if (shape.type === 'object' || shape.type === 'jsonText') {
      expect(kindOf(parsed)).toBe('object')
      for (const [key, kind] of Object.entries(shape.keys ?? {})) expect(fits((parsed as Record<string, unknown>)[key], kind), `${key}: ${kind}`).toBe(true)
    }
    // Every advanced-query row has runs: a `times: 0` row is "NaN%" in this client.
    if (want.rates) {
      for (const result of (parsed as { advanced_results: { matrix?: { times: number }[] }[] }).advanced_results) {
        for (const row of result.matrix ?? []) expect(row.times).toBeGreaterThan(0)
      }
    }
    if (request.deviation) {
      const message = (parsed as { message: string }).message
      expect(message).toBe(encryptedRecognitionMessage('http://localhost:80/report/recognition'))
      // That word makes the client show its "site is being deployed" text (web-reference.md §1 #137).
      expect(message).not.toMatch(/unavailable/i)
    }

    for (const [name, from] of Object.entries(want.save ?? {})) {
      const [where, key = ''] = from.split(':')
      const value = where === 'header' ? decodeURIComponent(String(res.headers[key])) : String((parsed as Record<string, unknown>)[key])
      saved[name] = value
    }
  })
})
