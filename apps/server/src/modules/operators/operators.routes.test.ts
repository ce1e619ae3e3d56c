import { operatorsListResponseSchema, operatorsPlanResponseSchema } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const E0 = { elite: 0, level: 1, skill: 1 }
// Issue 39 item 6's example request.
const texas = {
  operator: '102_texas',
  from: { ...E0, masteries: [0, 0], modules: {} },
  to: { elite: 2, level: 60, skill: 7, masteries: [0, 3], modules: { uniequip_002_texas: 2 } },
}

describe.each(dbTargets())('operators API on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  const plan = (payload: unknown, prefix = '/api/v2') => ctx.app.inject({ method: 'POST', url: `${prefix}/planner/operators`, payload: payload as object })
  const refused = async (payload: unknown, message: RegExp) => {
    const res = await plan(payload)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringMatching(message) })
  }

  it('lists the operators released on a server with the level table, cacheable and revalidated by the data version', async () => {
    const cn = await ctx.app.inject({ method: 'GET', url: '/api/v2/operators?server=CN' })
    expect(cn.statusCode).toBe(200)
    const body = operatorsListResponseSchema.parse(cn.json())
    expect(body.operators.length).toBe(425)
    expect(body.operators.map((o) => o.id)).toEqual(body.operators.map((o) => o.id).sort())
    expect(body.operators.find((o) => o.id === '102_texas')).toMatchObject({ star: 5, profession: 'PIONEER', name_i18n: { en: 'Texas', ja: 'テキサス' } })
    expect(body.levels.maxLevel[5]).toEqual([50, 80, 90])
    expect(cn.headers['cache-control']).toBe('public, max-age=300')
    expect(cn.headers['x-dropwise-data-version']).toBe('1')
    const etag = String(cn.headers.etag)
    expect(etag).toMatch(/^W\/"1-/)
    const again = await ctx.app.inject({ method: 'GET', url: '/PenguinStats/api/v2/operators?server=CN', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)

    // US lacks the operators only CN has (absent from the US locale), and its ETag differs.
    const us = await ctx.app.inject({ method: 'GET', url: '/api/v2/operators?server=US' })
    const usIds = new Set(operatorsListResponseSchema.parse(us.json()).operators.map((o) => o.id))
    expect(usIds.size).toBe(407)
    expect(usIds.has('4237_jcinta')).toBe(false)
    expect(us.headers.etag).not.toBe(etag)
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v2/operators?server=XX' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('INVALID_REQUEST')
  })

  it("answers the issue's example with the materials, tokens, LMD and EXP, under both v2 bases", async () => {
    const res = await plan({ server: 'CN', goals: [texas] })
    expect(res.statusCode, res.body).toBe(200)
    const body = operatorsPlanResponseSchema.parse(res.json())
    expect(body.perGoal).toEqual([{ operator: '102_texas', items: body.items, lmd: body.lmd, exp: body.exp }])
    // Module stages 1-2 (30104 ×3, 30094 ×4 and the tokens), Elite 2 (3213 ×3), Mastery 1-3 of skill 2 (30094 ×3 + ×6).
    expect(body.items).toMatchObject({ mod_unlock_token: 4, mod_update_token_1: 20, '30104': 3, '30094': 4 + 3 + 6, '3213': 3 })
    expect(body.lmd).toBeGreaterThan(120000)
    expect(body.exp).toBeGreaterThan(0)
    const mirror = await plan({ server: 'CN', goals: [texas] }, '/PenguinStats/api/v2')
    expect(mirror.json()).toEqual(res.json())
  })

  it('sums several goals and keeps each goal’s share', async () => {
    const fang = { operator: '123_fang', from: { ...E0, masteries: [] }, to: { elite: 1, level: 55, skill: 7, masteries: [] } }
    const res = await plan({ server: 'CN', goals: [texas, fang] })
    const body = operatorsPlanResponseSchema.parse(res.json())
    expect(body.perGoal.map((g) => g.operator)).toEqual(['102_texas', '123_fang'])
    expect(body.lmd).toBe((body.perGoal[0]?.lmd ?? 0) + (body.perGoal[1]?.lmd ?? 0))
    expect(body.exp).toBe((body.perGoal[0]?.exp ?? 0) + (body.perGoal[1]?.exp ?? 0))
    expect(body.items['3301']).toBe((body.perGoal[0]?.items['3301'] ?? 0) + (body.perGoal[1]?.items['3301'] ?? 0))
  })

  it('refuses an unknown operator, server or module and names the goal', async () => {
    await refused({ server: 'CN', goals: [texas, { ...texas, operator: '999_nobody' }] }, /^goals\[1\] \(999_nobody\): unknown operator$/)
    await refused(
      { server: 'CN', goals: [{ ...texas, to: { ...texas.to, modules: { uniequip_003_texas: 1 } } }] },
      /^goals\[0\] \(102_texas\): to: .*has no module uniequip_003_texas/,
    )
    await refused({ server: 'US', goals: [{ operator: '4237_jcinta', from: E0, to: E0 }] }, /^goals\[0\] \(4237_jcinta\): .* is not released on US$/)
    const res = await plan({ server: 'TW', goals: [texas] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', violations: [expect.objectContaining({ field: 'server' })] })
  })

  it('refuses goals the game does not allow, naming the goal and what is impossible', async () => {
    const fang = (to: object) => ({ server: 'CN', goals: [{ operator: '123_fang', from: E0, to: { ...E0, ...to } }] })
    await refused(fang({ elite: 2 }), /^goals\[0\] \(123_fang\): to: Elite 2 is not possible for Fang \(123_fang\), a 3-star operator/)
    await refused(fang({ elite: 1, skill: 7, masteries: [0, 1] }), /123_fang.*a 3-star operator, has no masteries/)
    await refused({ server: 'CN', goals: [{ ...texas, to: { ...texas.to, level: 81 } }] }, /level 81 is above the cap of Elite 2 \(80\)/)
    await refused({ server: 'CN', goals: [{ ...texas, from: texas.to, to: texas.from }] }, /target below start/)
    await refused({ server: 'CN', goals: [{ ...texas, to: { ...E0, skill: 5 } }] }, /^goals\[0\] \(102_texas\): to: skill level 5 needs Elite 1/)
    await refused({ server: 'CN', goals: [{ ...texas, to: { ...texas.to, elite: 1, level: 1, modules: {} } }] }, /mastery \(skill skchr_texas_2\) needs Elite 2/)
    await refused({ server: 'CN', goals: [{ ...texas, to: { ...texas.to, elite: 1, level: 1, masteries: [0, 0] } }] }, /module uniequip_002_texas stage 2 needs Elite 2/)
    await refused({ server: 'CN', goals: [{ ...texas, to: { ...texas.to, masteries: [3] } }] }, /masteries has 1 entries but Texas \(102_texas\) has 2 skills/)
  })

  it('takes up to 1,000 goals in one request', async () => {
    const many = await plan({ server: 'CN', goals: Array.from({ length: 1000 }, () => texas) })
    expect(many.statusCode).toBe(200)
    const one = operatorsPlanResponseSchema.parse((await plan({ server: 'CN', goals: [texas] })).json())
    expect(many.json()).toMatchObject({ lmd: one.lmd * 1000, exp: one.exp * 1000 })
    const over = await plan({ server: 'CN', goals: Array.from({ length: 1001 }, () => texas) })
    expect(over.statusCode).toBe(400)
  })

  it('refuses malformed bodies with {code, message} and violations', async () => {
    for (const body of [{ server: 'CN', goals: [] }, { server: 'CN' }, { server: 'CN', goals: [{ ...texas, to: { ...texas.to, skill: 8 } }] }]) {
      const res = await plan(body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.any(String), violations: expect.any(Array) })
    }
  })
})
