import { EfficiencyResponseSchema } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { createEfficiencyRepository } from './efficiency.repository'

const HOUR = 60 * 60 * 1000

// The farming guide after a restart: the previous process's last numbers answer the first request at once (their
// `computedAt` says when they were computed) while the new process computes its own; numbers older than a day do not.
describe.each(dbTargets())('GET /efficiency across a restart on $name', (target) => {
  let now = Date.UTC(2026, 11, 7, 12)
  const clock = () => now
  let ctx: TestContext
  let apps: App[] = []
  beforeAll(async () => {
    ctx = await createTestContext(target, { clock })
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await ctx?.close()
  })

  const restart = async (previous: App, whileDown: () => Promise<unknown> = async () => {}) => {
    // Closed first: its last writes are in before anything is changed while no process runs.
    await previous.close()
    await whileDown()
    const app = await buildApp({ db: ctx.db, clock, webDist: null })
    await app.ready()
    apps = [app]
    return app
  }
  const computedAt = async (app: App, server = 'CN') => {
    const res = await app.inject({ method: 'GET', url: `/api/v2/efficiency?server=${server}` })
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    return EfficiencyResponseSchema.parse(res.json()).computedAt
  }
  const until = async (app: App, want: number) => {
    for (let i = 0; i < 200; i++) {
      if ((await computedAt(app)) === want) return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`no answer computed at ${want}`)
  }

  it('answers the first request after a restart with the stored numbers, then with its own', async () => {
    const first = await computedAt(ctx.app)
    expect(first).toBe(now)
    now += 2 * HOUR
    const app = await restart(ctx.app)
    // The stored answer, although the clock moved on: nothing was computed yet in this process.
    expect(await computedAt(app)).toBe(first)
    // Meanwhile the recomputation started by that request replaces it.
    await until(app, now)
    // US was never asked for: nothing stored, so its first answer is computed now.
    expect(await computedAt(app, 'US')).toBe(now)
  })

  it('does not serve stored numbers older than a day', async () => {
    const stored = now
    now += 25 * HOUR
    const app = await restart(apps[0] as App)
    const answered = await computedAt(app)
    expect(answered).not.toBe(stored)
    expect(answered).toBe(now)
  })

  it('skips a stored value of another shape and computes', async () => {
    now += HOUR
    const app = await restart(apps[0] as App, () =>
      ctx.db.kysely
        .updateTable('properties')
        .set({ value: JSON.stringify({ response: { server: 'CN' } }) })
        .where('key', 'like', 'efficiency.answer.%')
        .execute(),
    )
    expect(await computedAt(app)).toBe(now)
  })

  it('keeps the newer of two processes’ answers, whichever writes last', async () => {
    // The last app closed: its writes are in.
    for (const app of apps) await app.close()
    apps = []
    const store = createEfficiencyRepository(ctx.db)
    const [stored] = (await store.load()).filter((s) => s.key === 'CN|1|1')
    if (!stored) throw new Error('no stored CN answer')
    const at = (computedAt: number) => ({ ...stored, response: { ...stored.response, computedAt } })
    await store.save(at(now + HOUR), now)
    await store.save(at(now), now)
    expect((await store.load()).find((s) => s.key === 'CN|1|1')?.response.computedAt).toBe(now + HOUR)
    await store.save(at(now + 2 * HOUR), now)
    expect((await store.load()).find((s) => s.key === 'CN|1|1')?.response.computedAt).toBe(now + 2 * HOUR)
  })
})
