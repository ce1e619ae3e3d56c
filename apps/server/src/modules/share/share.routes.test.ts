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
    expect(lines[2]).toBe('stageId,stageCode,itemId,itemName,times,quantity,dropRate,stdDev,start,end')
    const api = (await ctx.app.inject({ method: 'GET', url: '/api/v2/result/matrix?server=CN&show_closed_zones=true' })).json().matrix as {
      stageId: string
      itemId: string
      times: number
      quantity: number
    }[]
    expect(lines.length - 3).toBe(api.length)
    const row = lines.find((l) => l.startsWith('main_01-07,1-7,30012,'))?.split(',')
    const want = api.find((e) => e.stageId === 'main_01-07' && e.itemId === '30012')
    expect(row && [Number(row[4]), Number(row[5])]).toEqual([want?.times, want?.quantity])
  })

  it('exports JSON with the licence, and refuses unknown formats', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/export/matrix?server=JP&format=json' })
    const body = res.json()
    expect(body).toMatchObject({ license: 'CC BY-NC 4.0', server: 'JP', attribution: expect.stringContaining('Penguin Statistics') })
    expect(body.matrix.length).toBeGreaterThan(1000)
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v2/export/matrix?format=xlsx' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('INVALID_REQUEST')
  })
})
