import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

// ArkPlanner's request shape, as the web planner sends it.
const request = {
  required: { '30104': 20, '30135': 5, '31024': 10 },
  owned: { '30012': 50 },
  extra_outc: true,
  exp_demand: true,
  gold_demand: true,
  exclude: [],
  input_lang: 'id',
  output_lang: 'id',
  server: 'CN',
  store: false,
}

describe.each(dbTargets())('POST /planner/plan on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  const plan = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/planner/plan', payload: payload as object })

  it('plans from our own items, stages, matrix and formulas in the ArkPlanner shape', async () => {
    const res = await plan(request)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ cost: expect.any(Number), gcost: expect.any(Number), gold: expect.any(Number), exp: expect.any(Number) })
    expect(body.cost).toBeGreaterThan(100)
    expect(body.stages.length).toBeGreaterThan(0)
    expect(body.stages[0]).toEqual({ stage: expect.any(String), count: expect.stringMatching(/^\d+(\.\d)?$/), items: expect.any(Object) })
    expect(body.values.map((v: { level: string }) => v.level)).toEqual(['5', '4', '3', '2', '1'])
    expect(body.lp).toMatchObject({ status: 'optimal', objective: expect.any(Number) })
    expect(body.lp.objective).toBeGreaterThan(0)
  })

  it('answers {error, reason} naming the item when every source of it is excluded', async () => {
    const res = await plan({ required: { '3211': 5 }, exclude: ['pro_c_1', 'pro_c_2'], server: 'CN', exp_demand: false, gold_demand: false })
    const body = res.json()
    expect(res.statusCode).toBe(200)
    expect(body.error).toBe(true)
    expect(body.reason).toMatch(/3211|Vanguard/)
  })

  it('plans a goals plan (goals: true): CA stages listed, dual chips crafted, Chip Catalysts to buy', async () => {
    const goals = { required: { '3303': 10, '3213': 2 }, owned: { '32001': 1 }, gold_demand: 20000, exp_demand: 10000, server: 'CN', goals: true }
    const res = await plan(goals)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const codes = body.stages.map((s: { stage: string }) => s.stage)
    expect(codes).toContain('wk_fly_5')
    expect(codes).toContain('pro_c_2')
    expect(body.purchases).toEqual([{ item: '32001', count: 1 }])
    expect(body.syntheses).toContainEqual(expect.objectContaining({ target: '3213', count: '2' }))
    // The same needs without the flag are ArkPlanner's request: dual chips are no ArkPlanner item.
    const plain = await plan({ ...goals, goals: undefined })
    expect(plain.statusCode).toBe(400)
    expect(plain.json()).toMatchObject({ code: 'INVALID_REQUEST', reason: expect.stringMatching(/3213/) })
    expect((await plan({ ...goals, goals: 'yes' })).statusCode).toBe(400)
  })

  it('rejects malformed requests with {code, message} and violations', async () => {
    const bad = await plan({ required: { '30012': -3 }, server: 'UK' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_REQUEST', violations: expect.any(Array) })
    const notJson = await ctx.app.inject({ method: 'POST', url: '/planner/plan', payload: '{nope', headers: { 'content-type': 'application/json' } })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().code).toBe('INVALID_REQUEST')
  })

  it.each([
    ['a required count of 1e21', { required: { '30012': 1e21 } }, 'required.30012'],
    ['an owned count of 1e308', { required: { '30013': 5 }, owned: { '30012': 1e308 } }, 'owned.30012'],
    ['an exp demand of 1e21', { required: { '30012': 5 }, exp_demand: 1e21 }, 'exp_demand'],
  ])('refuses %s with a 400 naming the field (the solver cannot plan with it)', async (_name, body, field) => {
    const res = await plan(body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', violations: [expect.objectContaining({ field })] })
    // The largest allowed count still plans.
    expect((await plan({ required: { '30012': 1e9 } })).statusCode).toBe(200)
  })

  it('answers the same under both v2 prefixes (clients that know only the API base)', async () => {
    const small = { required: { '30013': 4 }, server: 'CN' }
    const direct = (await plan(small)).json()
    for (const prefix of ['/api/v2', '/PenguinStats/api/v2']) {
      const res = await ctx.app.inject({ method: 'POST', url: `${prefix}/planner/plan`, payload: small, headers: { origin: 'https://penguin-stats.io' } })
      expect(res.statusCode, prefix).toBe(200)
      const { lp: _lp, ...body } = res.json()
      const { lp: _directLp, ...want } = direct
      expect(body, prefix).toEqual(want)
      // v2 rules there: the origin reflected with credentials, X-Penguin-Compatible.
      expect(res.headers['access-control-allow-origin']).toBe('https://penguin-stats.io')
      expect(res.headers['x-penguin-compatible']).toBe('frontend-v2@v3.4.0')
    }
  })

  it('publishes the planner address in /config', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/config' })).json()).toMatchObject({ planner: { url: '/planner/plan' } })
  })
})
