import { ItemListSchema, SERVERS, StageListSchema, ZoneListSchema, FormulaListSchema, PeriodListSchema } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

describe.each(dbTargets())('reference data on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers })

  it('serves at least 145 items, each named in zh, en, ja and ko, with public cache headers', async () => {
    const res = await get('/PenguinStats/api/v2/items')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect(Date.parse(String(res.headers['expires'])) - Date.parse(String(res.headers['last-modified']))).toBe(300_000)
    const items = ItemListSchema.parse(res.json())
    expect(items.length).toBeGreaterThanOrEqual(145)
    for (const item of items) {
      for (const lang of ['zh', 'en', 'ja', 'ko'] as const) expect(item.name_i18n[lang], `${item.itemId}.${lang}`).not.toBe('')
      expect(item.name).toBe(item.name_i18n.zh)
      expect(Object.keys(item.existence).sort()).toEqual(['CN', 'JP', 'KR', 'US'])
    }
  })

  it('answers one item by id, and 400 NOT_FOUND for an unknown one', async () => {
    const ok = await get('/api/v2/items/30012')
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ itemId: '30012', itemType: 'MATERIAL' })
    const missing = await get('/api/v2/items/no_such_item')
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'resource not found with given parameters' })
  })

  it.each(SERVERS)('lists at least 1,300 stages for %s with all four existences and no empty dropInfos', async (server) => {
    const res = await get(`/PenguinStats/api/v2/stages?server=${server}`)
    expect(res.statusCode).toBe(200)
    const stages = StageListSchema.parse(res.json())
    expect(stages.length).toBeGreaterThanOrEqual(1300)
    for (const s of stages) {
      expect(Object.keys(s.existence).sort()).toEqual(['CN', 'JP', 'KR', 'US'])
      if ('dropInfos' in s) expect(s.dropInfos?.length).toBeGreaterThan(0)
    }
    const open = stages.filter((s) => s.dropInfos)
    expect(open.length).toBeGreaterThan(100)
  })

  it('omits dropInfos for closed stages and keeps them for permanent ones (CN)', async () => {
    const stages = StageListSchema.parse((await get('/api/v2/stages')).json())
    const byId = new Map(stages.map((s) => [s.stageId, s]))
    expect(byId.get('main_01-07')?.dropInfos?.some((d) => d.itemId === '30012')).toBe(true)
    expect(byId.get('wk_kc_5')?.dropInfos?.length).toBeGreaterThan(0)
    // An event of 2019 has long ended: the key is absent, not an empty list.
    const closedEvent = stages.find((s) => s.stageId === 'a001_01')
    expect(closedEvent).toBeDefined()
    expect(closedEvent && 'dropInfos' in closedEvent).toBe(false)
  })

  it('answers one stage, 400 NOT_FOUND for an unknown stage, and 400 with violations for server=UK', async () => {
    const one = await get('/api/v2/stages/main_01-07?server=US')
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({ stageId: 'main_01-07', code: '1-7', apCost: 6 })
    const unknown = await get('/api/v2/stages/no_such_stage')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().code).toBe('NOT_FOUND')
    const uk = await get('/PenguinStats/api/v2/stages?server=UK')
    expect(uk.statusCode).toBe(400)
    const body = uk.json()
    expect(body.code).toBe('INVALID_REQUEST')
    expect(body.message).toBe('invalid request: some or all request parameters are invalid')
    expect(body.violations).toEqual([expect.objectContaining({ field: 'server', violation: 'arkserver' })])
  })

  it('lists at least 140 zones whose stage lists cover every stage exactly once', async () => {
    const zones = ZoneListSchema.parse((await get('/api/v2/zones')).json())
    expect(zones.length).toBeGreaterThanOrEqual(140)
    const stages = StageListSchema.parse((await get('/api/v2/stages')).json())
    const listed = zones.flatMap((z) => z.stages)
    expect(new Set(listed).size).toBe(listed.length)
    expect(listed.length).toBe(stages.length)
    expect((await get('/api/v2/zones/main_1')).json()).toMatchObject({ zoneId: 'main_1', type: 'MAINLINE' })
    expect((await get('/api/v2/zones/nowhere')).json().code).toBe('NOT_FOUND')
  })

  it('serves at least 37 formulas in the Penguin shape, and non-empty periods', async () => {
    const formulas = FormulaListSchema.parse((await get('/PenguinStats/api/v2/formula')).json())
    expect(formulas.length).toBeGreaterThanOrEqual(37)
    for (const f of formulas) expect(f.totalWeight).toBe(f.extraOutcome.reduce((a, o) => a + o.weight, 0))
    const periods = (await get('/api/v2/period')).json()
    expect(PeriodListSchema.parse(periods).length).toBeGreaterThan(0)
    for (const p of periods as object[]) expect(p).toHaveProperty('end')
  })

  it('serves notices and the frontend config with the recognition prefixes', async () => {
    const notices = await get('/api/v2/notice')
    expect(notices.statusCode).toBe(200)
    expect(Array.isArray(notices.json())).toBe(true)
    const config = await get('/api/v2/config')
    expect(config.json()).toMatchObject({ recognition: { 'items-resources': { prefix: { CN: 'v1', US: 'v1' } } } })
  })
})
