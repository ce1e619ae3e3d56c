import { EfficiencyResponseSchema, SERVERS, type EfficiencyResponse } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

// The farming guide's numbers on the real seed: LP duality (no stage above 1, the planner's stages at 1)
// for every server, the planner's own values, and the API and export shapes.
describe.each(dbTargets())('GET /efficiency on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  const get = async (url: string): Promise<EfficiencyResponse> => {
    const res = await ctx.app.inject({ method: 'GET', url })
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    return EfficiencyResponseSchema.parse(res.json())
  }

  it.each(SERVERS.map((s) => [s]))('%s: duality holds — every open stage ≤ 1 + 1e-6, every stage the LP uses at 1 ± 1e-6', async (server) => {
    const r = await get(`/api/v2/efficiency?server=${server}`)
    expect(r.server).toBe(server)
    expect(r.stages.length).toBeGreaterThan(20)
    for (const s of r.stages) {
      expect(s.efficiency, s.stageId).toBeLessThanOrEqual(1 + 1e-6)
      expect(s.parts.material + s.parts.lmd + s.parts.exp).toBeCloseTo(s.efficiency, 9)
      expect(s.interval[0]).toBeLessThanOrEqual(s.efficiency)
      expect(s.interval[1]).toBeGreaterThanOrEqual(s.efficiency)
    }
    const used = r.stages.filter((s) => s.used)
    expect(used.length).toBeGreaterThan(2)
    for (const s of used) expect(Math.abs(s.efficiency - 1), s.stageId).toBeLessThanOrEqual(1e-6)
    expect(r.valueLmd).toBeGreaterThan(0)
    expect(r.attribution).toMatch(/Penguin Statistics.*CC BY-NC 4\.0/)
    // Recruitment is not farmed with sanity.
    expect(r.stages.some((s) => s.stageId === 'recruit')).toBe(false)
  })

  it.each(SERVERS.map((s) => [s]))(
    '%s: crafting at the values — no craft below its item’s value, the crafts the LP uses at it, every valued item reached at its value',
    async (server) => {
      const r = await get(`/api/v2/efficiency?server=${server}`)
      const value = new Map(r.values.map((v) => [v.itemId, v.value]))
      // Orirock Concentration and Sugar Lump are crafted on every server.
      expect(r.crafts.map((c) => c.itemId)).toEqual(expect.arrayContaining(['30014', '30024']))
      for (const c of r.crafts) {
        const v = value.get(c.itemId) ?? Number.NaN
        const tolerance = 1e-6 * Math.max(1, v)
        expect(c.sanityPerItem, c.itemId).toBeGreaterThanOrEqual(v - tolerance)
        if (c.used) expect(Math.abs(c.sanityPerItem - v), c.itemId).toBeLessThanOrEqual(tolerance)
        // Without by-products (the guide does not count them) a craft costs its materials and LMD at their values,
        // plus the LP's 1e-8 sanity per LMD that makes it prefer fewer crafts.
        const paid = c.materials.reduce((sum, m) => sum + m.count * (value.get(m.itemId) ?? 0), 0) + c.goldCost * (r.valueLmd + 1e-8)
        expect(Math.abs(c.sanityPerItem - paid), c.itemId).toBeLessThanOrEqual(1e-6 * Math.max(1, paid))
      }
      // Each item with a value gets it from a stage at efficiency 1 (what else the run drops counted at its value)
      // or from a craft at its value: the guide's cheapest way to get it costs exactly the value.
      for (const [itemId, v] of value) {
        if (v <= 1e-6 || itemId === '4001' || itemId === '0010') continue
        const byStage = r.stages.some((s) => Math.abs(s.efficiency - 1) <= 1e-6 && s.drops.some((d) => d.itemId === itemId && d.perRun > 0))
        const byCraft = r.crafts.some((c) => c.itemId === itemId && Math.abs(c.sanityPerItem - v) <= 1e-6 * Math.max(1, v))
        expect(byStage || byCraft, itemId).toBe(true)
      }
    },
  )

  it('values equal what the planner lists for the same request (every producible item wanted)', async () => {
    const r = await get('/api/v2/efficiency?server=CN')
    const required = Object.fromEntries(r.values.filter((v) => v.itemId !== '4001' && v.itemId !== '0010').map((v) => [v.itemId, 1]))
    const plan = (
      await ctx.app.inject({ method: 'POST', url: '/planner/plan', payload: { required, server: 'CN', exp_demand: true, gold_demand: true, exclude: ['recruit'] } })
    ).json()
    expect(plan.error).toBeUndefined()
    expect(plan.lp.valueLmd / r.valueLmd).toBeCloseTo(1, 6)
    expect(plan.lp.valueExp / r.valueExp).toBeCloseTo(1, 6)
    const listed = (plan.values as { items: { name: string; value: string }[] }[]).flatMap((l) => l.items)
    expect(listed.length).toBeGreaterThan(30)
    const byId = new Map(r.values.map((v) => [v.itemId, v.value]))
    // The planner prints values with 2 decimals (5 below 0.1): equal to that precision.
    for (const { name, value } of listed)
      expect(Math.abs((byId.get(name) ?? Number.NaN) - Number(value)), name).toBeLessThanOrEqual(Number(value) > 0.1 ? 0.005 : 0.000005)
  })

  it('answers under both prefixes, with the LMD/exp options, from the cache', async () => {
    const a = await get('/PenguinStats/api/v2/efficiency?server=US')
    const b = await get('/api/v2/efficiency?server=US')
    expect(b.computedAt).toBe(a.computedAt)
    const noLmd = await get('/api/v2/efficiency?server=US&lmd=false')
    expect(noLmd.lmd).toBe(false)
    expect(noLmd.valueLmd).toBe(0)
    expect(noLmd.stages.every((s) => s.parts.lmd === 0)).toBe(true)
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v2/efficiency?server=UK' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_REQUEST' })
  })

  it('answers one stage or one item with the figures of the whole answer (the stats pages’ badges)', async () => {
    const whole = await get('/api/v2/efficiency?server=CN')
    const stage = whole.stages.find((s) => s.used)!
    const one = await get(`/api/v2/efficiency?server=CN&stageId=${stage.stageId}`)
    expect(one.stages).toEqual([stage])
    expect(one.values).toEqual(whole.values)
    expect(one.computedAt).toBe(whole.computedAt)
    const itemId = '30012'
    const item = await get(`/api/v2/efficiency?server=CN&itemId=${itemId}`)
    expect(item.values).toEqual(whole.values.filter((v) => v.itemId === itemId))
    expect(item.values).toHaveLength(1)
    const dropping = whole.stages.filter((s) => s.drops.some((d) => d.itemId === itemId))
    expect(item.stages).toEqual(dropping.map((s) => ({ ...s, drops: s.drops.filter((d) => d.itemId === itemId) })))
    expect(item.stages.every((s) => s.drops.length === 1)).toBe(true)
    expect(item.stages.length).toBeGreaterThan(0)
    expect(item.stages.length).toBeLessThan(whole.stages.length)
    // Both narrow; an unknown id gives empty lists, not an error.
    const both = await get(`/api/v2/efficiency?server=CN&stageId=${item.stages[0]!.stageId}&itemId=${itemId}`)
    expect(both.stages).toEqual([item.stages[0]])
    expect(both.values).toEqual(item.values)
    expect((await get('/api/v2/efficiency?server=CN&stageId=no_such_stage')).stages).toEqual([])
    expect(item.crafts).toEqual(whole.crafts.filter((c) => c.itemId === itemId))
    // The values without the stages (the planner's value column): the same values and crafts, no stage.
    const values = await get('/api/v2/efficiency?server=CN&view=values')
    expect(values.stages).toEqual([])
    expect(values.values).toEqual(whole.values)
    expect(values.crafts).toEqual(whole.crafts)
    expect(values.crafts.length).toBeGreaterThan(20)
    const long = await ctx.app.inject({ method: 'GET', url: `/api/v2/efficiency?server=CN&itemId=${'x'.repeat(129)}` })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ code: 'INVALID_REQUEST' })
  })

  it('exports CSV and JSON with the licence attribution', async () => {
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/v2/export/efficiency?server=JP' })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="dropwise-efficiency-JP-\d{8}\.csv"/)
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toMatch(/^# Drop data: Penguin Statistics .*CC BY-NC 4\.0/)
    expect(lines[1]).toMatch(/^"# Basis: Penguin Statistics up to \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z, plus \d+ runs? reported here\."$/)
    expect(lines[3]).toBe('stageId,stageCode,apCost,efficiency,efficiencyLow,efficiencyHigh,material,lmd,exp,usedByPlanner,tooWideToRank')
    expect(lines.length).toBeGreaterThan(20)
    const json = await ctx.app.inject({ method: 'GET', url: '/PenguinStats/api/v2/export/efficiency?server=JP&format=json' })
    expect(json.json()).toMatchObject({ license: 'CC BY-NC 4.0', attribution: expect.stringMatching(/Penguin Statistics/), server: 'JP' })
    expect(json.json().basis).toBe(lines[1]?.slice(3, -1))
  })

  it('follows the matrix: new reports move the numbers once the matrix is rebuilt', async () => {
    const before = await ctx.app.efficiency.fresh({ server: 'CN', lmd: true, exp: true })
    // R (wk_kc_5, LS-5) is the one pattern that passes verification.
    const stage = before.response.stages.find((s) => s.stageId === R.stageId)
    expect(stage).toBeDefined()
    const report = JSON.stringify(R)
    for (let i = 0; i < 20; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/report',
        remoteAddress: `10.77.0.${i}`,
        headers: { 'content-type': 'application/json' },
        payload: report,
      })
      expect(res.statusCode).toBe(200)
    }
    await ctx.app.aggregation.runOnce()
    await ctx.app.matrix.settle()
    const after = await ctx.app.efficiency.fresh({ server: 'CN', lmd: true, exp: true })
    expect(after.response.computedAt).toBeGreaterThanOrEqual(before.response.computedAt)
    const moved = after.response.stages.find((s) => s.stageId === R.stageId)
    expect(moved?.drops.find((d) => d.itemId === '2004')?.times).toBe((stage?.drops.find((d) => d.itemId === '2004')?.times ?? Number.NaN) + 20)
  })
})
