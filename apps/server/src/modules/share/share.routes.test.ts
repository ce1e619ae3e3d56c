import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

describe.each(dbTargets())('short links and exports on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  it.each([
    ['/PenguinStats/api/v2/short', '/'],
    ['/api/v2/short/item', '/result/item'],
    ['/api/v2/short/stage', '/result/stage'],
    ['/api/v2/short/planner', '/planner'],
    ['/api/v2/short/%E5%9B%BA%E6%BA%90%E5%B2%A9', '/result/item/30012'], // 固源岩 (Orirock Cube)
    ['/api/v2/short/orirock%20cube', '/result/item/30012'],
    ['/api/v2/short/1-7', '/result/stage/main_1/main_01-07'],
    ['/api/v2/short/zzzz-not-anything', '/search?q=zzzz-not-anything'],
    [`/api/v2/short/${'x'.repeat(129)}`, '/'],
  ])('%s → 302 %s', async (url, location) => {
    const res = await ctx.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(location)
  })

  it('exports the CN matrix as CSV with the attribution, numbers equal to the API', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/export/matrix?server=CN&format=csv' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dropwise-matrix-CN-all-\d{8}\.csv"$/)
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toMatch(/^# Drop data: Penguin Statistics .* CC BY-NC 4\.0/)
    // The basis with its date, the very line the footer states (GET /basis: the history's fetch, the runs reported here).
    const basis = (await ctx.app.inject({ method: 'GET', url: '/api/v2/basis?server=CN' })).json()
    const runs = basis.reported.automated.runs + basis.reported.manual.runs
    expect(lines[1]).toBe(`"# Basis: Penguin Statistics up to ${new Date(basis.imported.until).toISOString()}, plus ${runs} run${runs === 1 ? '' : 's'} reported here."`)
    expect(lines[3]).toBe('stageId,stageCode,itemId,itemName,times,quantity,dropRate,stdDev,start,end')
    const api = (await ctx.app.inject({ method: 'GET', url: '/api/v2/result/matrix?server=CN&show_closed_zones=true' })).json().matrix as {
      stageId: string
      itemId: string
      times: number
      quantity: number
    }[]
    expect(lines.length - 4).toBe(api.length)
    const row = lines.find((l) => l.startsWith('main_01-07,1-7,30012,'))?.split(',')
    const want = api.find((e) => e.stageId === 'main_01-07' && e.itemId === '30012')
    expect(row && [Number(row[4]), Number(row[5])]).toEqual([want?.times, want?.quantity])
  })

  it('exports JSON with the licence, and refuses unknown formats', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/export/matrix?server=JP&format=json' })
    const body = res.json()
    expect(body).toMatchObject({ license: 'CC BY-NC 4.0', server: 'JP', attribution: expect.stringContaining('Penguin Statistics') })
    expect(body.basis).toMatchObject({ line: expect.stringMatching(/^Basis: Penguin Statistics up to \d{4}-.*Z, plus \d+ runs? reported here\.$/), upstream: null })
    expect(body.basis.penguinUntil).toBeGreaterThan(Date.UTC(2024, 0, 1))
    expect(body.matrix.length).toBeGreaterThan(1000)
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v2/export/matrix?format=xlsx' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('INVALID_REQUEST')
  })

  it('filters the export by stage and by item, numbers equal to the API', async () => {
    const api = (await ctx.app.inject({ method: 'GET', url: '/api/v2/result/matrix?server=CN&show_closed_zones=true' })).json().matrix as {
      stageId: string
      itemId: string
      times: number
      quantity: number
    }[]
    const stage = await ctx.app.inject({ method: 'GET', url: '/api/v2/export/matrix?server=CN&format=json&stageId=main_01-07' })
    expect(stage.statusCode).toBe(200)
    expect(stage.headers['content-disposition']).toMatch(/filename="dropwise-matrix-CN-all-main_01-07-\d{8}\.json"/)
    const rows = stage.json().matrix as { stageId: string; itemId: string; times: number; quantity: number }[]
    const want = api.filter((e) => e.stageId === 'main_01-07')
    expect(want.length).toBeGreaterThan(3)
    expect(rows.map((r) => [r.itemId, r.times, r.quantity]).sort()).toEqual(want.map((e) => [e.itemId, e.times, e.quantity]).sort())
    expect(stage.json()).toMatchObject({ stageId: 'main_01-07', license: 'CC BY-NC 4.0' })

    const item = await ctx.app.inject({ method: 'GET', url: '/api/v2/export/matrix?server=CN&format=csv&itemId=30012' })
    const lines = item.body.trim().split('\r\n')
    expect(lines[0]).toMatch(/CC BY-NC 4\.0/)
    expect(lines[1]).toMatch(/^"# Basis: Penguin Statistics up to /)
    expect(lines[2]).toContain('itemId=30012')
    const csvRows = lines.slice(4).map((l) => l.split(','))
    expect(csvRows.length).toBe(api.filter((e) => e.itemId === '30012').length)
    expect(csvRows.every((r) => r[2] === '30012')).toBe(true)

    const both = await ctx.app.inject({ method: 'GET', url: '/api/v2/export/matrix?format=json&stageId=main_01-07&itemId=30012' })
    expect((both.json().matrix as unknown[]).length).toBe(1)
  })

  it('refuses unknown stage or item ids with 400 NOT_FOUND', async () => {
    for (const q of ['stageId=nope_stage', 'itemId=nope_item']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/export/matrix?${q}` })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('NOT_FOUND')
    }
  })
})
