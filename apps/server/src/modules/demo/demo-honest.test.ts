import { readFileSync } from 'node:fs'
import { SERVERS } from '@dropwise/schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { MIGRATIONS_DIR } from '../../db/migrate'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { createReportsRepository } from '../reports/reports.repository'
import { DEMO_SOURCE, SIMULATED_RUNS_HEADER } from './demo-source'

const CATEGORIES = ['all', 'automated', 'manual'] as const
const NOW = Date.UTC(2026, 0, 15, 12)

/** Every answer that presents numbers as real: matrices (both forms, every server and category), exports, /stats all-time, /basis counts. */
const realUrls = [
  ...SERVERS.flatMap((s) => CATEGORIES.map((c) => `/PenguinStats/api/v2/result/matrix?server=${s}&category=${c}&show_closed_zones=true`)),
  ...SERVERS.map((s) => `/api/v2/result/matrix?server=${s}`),
  ...CATEGORIES.map((c) => `/PenguinStats/api/v2/_private/result/matrix/CN/global/${c}`),
  '/api/v2/result/matrix?server=CN&stageFilter=wk_kc_5,main_01-07',
  '/api/v2/export/matrix?server=CN&format=csv&show_closed_zones=true',
  '/api/v2/export/matrix?server=CN&format=json&category=automated',
  '/api/v2/export/matrix?server=US&format=csv&stageId=main_01-07',
]

describe.each(dbTargets())('simulated demo reports change no real number, on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target, { clock: () => NOW })
  }, 120_000)
  afterAll(async () => ctx?.close())

  const get = (url: string) => ctx.app.inject({ method: 'GET', url })
  const aggregate = async () => {
    while ((await ctx.app.aggregation.runOnce()).verified > 0);
    ctx.app.siteStats.invalidate()
    await ctx.app.matrix.settle()
  }
  const snapshot = async () => {
    const bodies = new Map<string, string>()
    for (const url of realUrls) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      bodies.set(url, res.body)
    }
    for (const s of SERVERS) {
      const { totalStageTimes, totalItemQuantities, totalApCost } = (await get(`/api/v2/stats?server=${s}`)).json()
      bodies.set(`stats ${s}`, JSON.stringify({ totalStageTimes, totalItemQuantities, totalApCost }))
    }
    const basis = (await get('/api/v2/basis?server=CN&stageId=wk_kc_5')).json()
    bodies.set('basis', JSON.stringify({ imported: basis.imported, reported: basis.reported }))
    return bodies
  }

  it('leaves matrices, exports, all-time /stats and /basis byte-identical, while patterns and trends say they hold simulated runs', async () => {
    // A few real reports first, so the automated and manual matrices are not empty.
    for (const [source, times] of [
      ['MeoAssistant', 1],
      ['frontend-v2', 1],
      ['MeoAssistant', 2],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/report',
        payload: { ...R, source, drops: R.drops.map((d) => ({ ...d, quantity: d.quantity * times })) },
      })
      expect(res.statusCode).toBe(200)
    }
    await aggregate()
    const patternsBefore = await get('/api/v2/result/pattern?server=CN')
    expect(patternsBefore.headers[SIMULATED_RUNS_HEADER.toLowerCase()]).toBe('0')
    const basisBefore = (await get('/api/v2/basis?server=CN&stageId=wk_kc_5')).json()
    expect(basisBefore.reported).toEqual({ automated: { runs: 1, reports: 1 }, manual: { runs: 1, reports: 1 } })
    expect(basisBefore.simulated).toEqual({ runs: 0, reports: 0 })
    expect(basisBefore.imported.runs).toBeGreaterThan(0)
    expect(basisBefore.imported.until).toBeGreaterThan(Date.UTC(2025, 0, 1))
    const before = await snapshot()
    expect((await get('/PenguinStats/api/v2/_private/result/matrix/CN/global/manual')).json().matrix.length).toBeGreaterThan(0)

    const { reports } = await ctx.app.demo.simulate({ reportsPerDay: 40, days: 3, seed: 11 })
    expect(reports).toBeGreaterThan(100)
    await aggregate()
    const after = await snapshot()
    for (const [key, body] of before) expect(after.get(key), key).toBe(body)

    // The views simulated reports fill do count them, and say how many runs are simulated.
    const patterns = await get('/api/v2/result/pattern?server=CN')
    expect(Number(patterns.headers[SIMULATED_RUNS_HEADER.toLowerCase()])).toBeGreaterThan(0)
    expect(patterns.body).not.toBe(patternsBefore.body)
    const manualPatterns = await get('/api/v2/_private/result/pattern/CN/global/manual')
    expect(manualPatterns.headers[SIMULATED_RUNS_HEADER.toLowerCase()]).toBe('0')
    const trends = await get('/api/v2/result/trends?server=CN')
    expect(Number(trends.headers[SIMULATED_RUNS_HEADER.toLowerCase()])).toBeGreaterThan(0)
    const stats = await get('/api/v2/stats?server=CN')
    expect(Number(stats.headers[SIMULATED_RUNS_HEADER.toLowerCase()])).toBeGreaterThan(0)
    const basis = (await get('/api/v2/basis?server=CN')).json()
    expect(basis.simulated.reports).toBeGreaterThan(0)
    expect(basis.simulated.reports).toBeLessThanOrEqual(reports)
    expect((await get('/api/v2/basis?server=CN&stageId=nope')).json().code).toBe('NOT_FOUND')
  }, 300_000)

  it('recomputes identical aggregates from the reports when migration 0005 rebuilds a database holding demo reports', async () => {
    const before = await snapshot()
    const patterns = (await get('/api/v2/result/pattern?server=CN')).body
    // The migration's data part: its delete and update statements (the constraint changes are done).
    const rebuild = readFileSync(`${MIGRATIONS_DIR}/0005_demo_category.sql`, 'utf8')
      .split('\n')
      .filter((line) => /^(delete|update) /.test(line))
    expect(rebuild).toHaveLength(6)
    for (const statement of rebuild) await sql.raw(statement).execute(ctx.db.kysely)
    expect(Number((await sql<{ n: number }>`select count(*) as n from agg_stage_total`.execute(ctx.db.kysely)).rows[0]?.n)).toBe(0)
    await aggregate()
    const after = await snapshot()
    for (const [key, body] of before) expect(after.get(key), key).toBe(body)
    expect((await get('/api/v2/result/pattern?server=CN')).body).toBe(patterns)
  }, 300_000)

  it('takes a recalled simulated report out of the demo category only', async () => {
    const before = await snapshot()
    const simulatedBefore = (await get('/api/v2/basis?server=CN')).json().simulated.reports as number
    const row = await sql<{ report_hash: string; account_id: number; created_at: number }>`
      select report_hash, account_id, created_at from drop_reports
      where source = ${DEMO_SOURCE} and server = 'CN' and reliability = 0 order by report_id limit 1`.execute(ctx.db.kysely)
    const demo = row.rows[0]!
    const recalled = await createReportsRepository(ctx.db).recall(demo.report_hash, demo.account_id, 0, NOW, () => false)
    expect(recalled).not.toBeNull()
    expect(recalled).not.toBe('recalled')
    // What the reports service does with a recall's new version (the caches that follow it see the change).
    if (typeof recalled === 'number') ctx.app.dataVersion.advance(recalled)
    ctx.app.siteStats.invalidate()
    await ctx.app.matrix.settle()
    const after = await snapshot()
    for (const [key, body] of before) expect(after.get(key), key).toBe(body)
    expect((await get('/api/v2/basis?server=CN')).json().simulated.reports).toBe(simulatedBefore - 1)
  }, 120_000)
})
