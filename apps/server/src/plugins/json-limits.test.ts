import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFECT_ENVIRONMENT } from '../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../testing/test-app'
import { MAX_JSON_DEPTH, nestsDeeperThan, textNestsDeeperThan } from './json-limits'

const nested = (depth: number, leaf = '1') => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth)
const V2 = '/PenguinStats/api/v2'
/** Every route that reads a JSON body (a POST), under one of the v2 bases where it has one. */
const JSON_ROUTES = [
  `${V2}/report`,
  `/api/v2/report/recall`,
  `${V2}/report/recognition`,
  `${V2}/users`,
  `${V2}/result/advanced`,
  `${V2}/recognition/defects/report/init`,
  `/planner/plan`,
  `${V2}/planner/plan`,
  `/api/_/assets/retry`,
]

describe('JSON depth, counted without recursion', () => {
  it.each([1, 2, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 100_000])('depth %i', (depth) => {
    const text = '['.repeat(depth) + ']'.repeat(depth)
    expect(textNestsDeeperThan(text, MAX_JSON_DEPTH)).toBe(depth > MAX_JSON_DEPTH)
    expect(nestsDeeperThan(JSON.parse(text), MAX_JSON_DEPTH)).toBe(depth > MAX_JSON_DEPTH)
  })
  it('brackets inside strings do not count, escaped quotes do not end them', () => {
    expect(textNestsDeeperThan(JSON.stringify({ a: '[['.repeat(100), b: 'x\\"[[[' }), 2)).toBe(false)
    expect(nestsDeeperThan({ a: '[['.repeat(100) }, 1)).toBe(false)
    expect(nestsDeeperThan(1, 0)).toBe(false)
  })
})

describe.each(dbTargets())('JSON bodies nested too deep on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  it('5,000 levels are a 400 {code, message} on every JSON route and content type, never a 500', async () => {
    const bodies = [
      nested(5000),
      '['.repeat(5000) + ']'.repeat(5000),
      JSON.stringify({ recognitionResult: null, environment: DEFECT_ENVIRONMENT }).replace('null', nested(5000)),
    ]
    for (const url of JSON_ROUTES) {
      for (const contentType of ['application/json', 'text/plain', undefined, 'application/x-www-form-urlencoded']) {
        for (const payload of bodies) {
          const res = await ctx.app.inject({ method: 'POST', url, payload, headers: contentType ? { 'content-type': contentType } : {} })
          const where = `${url} ${contentType ?? 'no content type'}`
          expect(res.statusCode, where).toBe(400)
          expect(res.json(), where).toMatchObject({ code: 'INVALID_REQUEST', message: `invalid request: the JSON body nests more than ${MAX_JSON_DEPTH} levels deep` })
        }
      }
    }
  })

  it('a defect report nested as deep as allowed is stored; one level more is refused', async () => {
    const init = (depth: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `${V2}/recognition/defects/report/init`,
        headers: { 'content-type': 'application/json' },
        // The body is level 1, recognitionResult's value level 2.
        payload: JSON.stringify({ recognitionResult: null, environment: DEFECT_ENVIRONMENT }).replace('null', nested(depth - 1)),
      })
    expect((await init(MAX_JSON_DEPTH)).statusCode).toBe(200)
    expect((await init(MAX_JSON_DEPTH + 1)).statusCode).toBe(400)
  })
})
