import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { DEMO_SOURCE } from './demo.service'

describe.each(dbTargets())('demo reports on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  it('simulates labelled reports over the last days, aggregates them and says so in /config', async () => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url })
    expect((await get('/api/v2/config')).json().demo).toBeUndefined()
    const before = await ctx.db.kysely
      .selectFrom('agg_stage_daily')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(before.n)).toBe(0)

    const { reports } = await ctx.app.demo.simulate({ reportsPerDay: 30, days: 3, seed: 7 })
    expect(reports).toBe(3 * 30 + 3 * 3 * 10)

    const rows = await ctx.db.kysely.selectFrom('drop_reports').select(['source', 'reliability', 'created_at', 'metadata']).execute()
    expect(rows).toHaveLength(reports)
    expect(rows.every((r) => r.source === DEMO_SOURCE && (r.metadata as { demo?: boolean }).demo === true)).toBe(true)
    // Verified like any report; most are consistent with the drop tables they were drawn from.
    expect(rows.filter((r) => r.reliability === 0).length).toBeGreaterThan(reports * 0.7)
    const now = Date.now()
    expect(rows.every((r) => r.created_at <= now && r.created_at > now - 4 * 86_400_000)).toBe(true)
    const after = await ctx.db.kysely
      .selectFrom('agg_stage_daily')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBeGreaterThan(0)

    await ctx.app.catalog.reload() // the config is cached for 10 s
    expect((await get('/api/v2/config')).json().demo).toMatchObject({ present: true, reports, source: DEMO_SOURCE })
    expect(await ctx.app.demo.present()).toMatchObject({ reports })
  }, 60_000)

  it('says so in /config from the first simulated report on, not once the last is in', async () => {
    const fresh = await createTestContext(target)
    try {
      const demoReports = () =>
        fresh.db.kysely
          .selectFrom('drop_reports')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('source', '=', DEMO_SOURCE)
          .executeTakeFirstOrThrow()
      expect((await fresh.app.inject({ method: 'GET', url: '/api/v2/config' })).json().demo).toBeUndefined()
      const running = fresh.app.demo.simulate({ reportsPerDay: 600, days: 3, seed: 11 })
      let seen: { stored: number; demo: unknown } | null = null
      while (!seen) {
        const stored = Number((await demoReports()).n)
        if (stored > 0) seen = { stored, demo: (await fresh.app.inject({ method: 'GET', url: '/api/v2/config' })).json().demo }
        else await new Promise((r) => setTimeout(r, 5))
      }
      const { reports } = await running
      // Seen midway (some stored, not all), and already labelled.
      expect(seen.stored).toBeLessThan(reports)
      expect(seen.demo).toMatchObject({ present: true, source: DEMO_SOURCE, simulating: true })
      const done = (await fresh.app.inject({ method: 'GET', url: '/api/v2/config' })).json().demo
      expect(done).toMatchObject({ present: true, reports })
      expect(done.simulating).toBeUndefined()
    } finally {
      await fresh.close()
    }
  }, 120_000)
})
