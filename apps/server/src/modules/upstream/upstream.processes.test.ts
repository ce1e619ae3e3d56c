import type { Server } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app'
import { answer20241017, dumpAnswer, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { readVersion } from '../aggregation/aggregation.repository'
import { createUpstreamRepository } from './upstream.repository'
import type { UpstreamService } from './upstream.service'

const SERVERS: readonly Server[] = ['CN', 'US', 'JP', 'KR']

/** Two server processes on one database, both following the upstream: one applies each answer, both serve it. */
describe.each(dbTargets())('upstream with two processes on $name', (target) => {
  let fake: FakeUpstream
  let ctx: TestContext
  let other: App
  let cnFromSeed = ''
  beforeAll(async () => {
    fake = await startFakeUpstream()
    fake.serve('CN', await answer20241017())
    for (const s of ['US', 'JP', 'KR'] as const) fake.serve(s, await dumpAnswer(s))
    ctx = await createTestContext(target, { app: { upstream: { url: fake.url } } })
    other = await buildApp({ db: ctx.db, webDist: null, upstream: { url: fake.url } })
    await other.ready()
  }, 180_000)
  afterAll(async () => {
    await other?.close()
    await ctx?.close()
    await fake?.close()
  })

  const matrix = async (app: App, server: Server) => {
    await app.matrix.settle()
    return (await app.inject({ method: 'GET', url: `/api/v2/result/matrix?server=${server}&show_closed_zones=true` })).body
  }

  it('rounds at the same time apply each answer once; the other process follows the version row', async () => {
    const before = await matrix(other, 'CN')
    cnFromSeed = before
    const [a, b] = await Promise.all([(ctx.app.upstream as UpstreamService).sync(), (other.upstream as UpstreamService).sync()])
    for (const [i, server] of SERVERS.entries()) {
      const outcomes = [a[i]?.outcome, b[i]?.outcome].sort()
      expect(outcomes, server).toEqual(['applied', 'unchanged'])
    }
    // What the version poll does (lib/version-sync.ts): the row moved with each apply.
    other.dataVersion.advance(await readVersion(ctx.db.kysely))
    ctx.app.dataVersion.advance(await readVersion(ctx.db.kysely))
    for (const server of SERVERS) expect(await matrix(other, server), server).toEqual(await matrix(ctx.app, server))
    expect(await matrix(other, 'CN')).not.toEqual(before)
    // Both say the same in health: the outcome is kept in the database.
    const health = async (app: App) => (await app.inject({ method: 'GET', url: '/api/_/health' })).json().upstream
    expect(await health(other)).toEqual(await health(ctx.app))
    // Whoever wrote last, each server's answer in effect is described: its fetch, pairs and coverage.
    expect((await health(other)).servers.CN).toMatchObject({ pairs: 10_261, unmatched: 26, unknown: 0, failingSince: null, fetchedAt: expect.any(Number) })
  }, 180_000)

  it('a scheduled round runs in one process per interval; the others only follow', async () => {
    const asked = fake.requests.length
    const [a, b] = await Promise.all([(ctx.app.upstream as UpstreamService).tick(60_000), (other.upstream as UpstreamService).tick(60_000)])
    expect([a, b].filter((r) => r !== null)).toHaveLength(1)
    expect(fake.requests.length - asked).toBe(SERVERS.length)
    expect(await (other.upstream as UpstreamService).tick(60_000)).toBeNull()
  }, 60_000)

  it('without UPSTREAM_API the upstream rows are dropped and the seed’s baselines serve again', async () => {
    const underUpstream = await matrix(other, 'JP')
    const moved = await createUpstreamRepository(ctx.db).clear(Date.now())
    expect(moved).toBeGreaterThan(0)
    other.dataVersion.advance(moved ?? 0)
    expect(await matrix(other, 'JP')).not.toEqual(underUpstream)
    expect(await matrix(other, 'CN')).toEqual(cnFromSeed)
    // A first answer with a fraction of the history it would replace is refused; the seed's stays.
    fake.serve('CN', (await dumpAnswer('CN')).slice(0, 3000))
    const [cn] = await (other.upstream as UpstreamService).sync()
    expect(cn).toMatchObject({
      outcome: 'refused',
      reason: expect.stringMatching(/^CN: the answer holds 3000 pairs, the baseline it would replace \d+: fewer than 50 %$/),
    })
    expect(await matrix(other, 'CN')).toEqual(cnFromSeed)
  }, 60_000)
})
