import { MatrixResponseSchema, type Health, type MatrixElement, type Server, type UpstreamStatus } from '@dropwise/schemas'
import { addSums, matrixNumbers, sumsFromNumbers, sumsFromReports } from '@dropwise/stats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answer20241017, dumpAnswer, startFakeUpstream, type FakeUpstream, type WireElement } from '../../testing/fake-upstream'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import type { UpstreamService } from './upstream.service'

const V2 = '/PenguinStats/api/v2'
const SERVERS = ['CN', 'US', 'JP', 'KR'] as const
const key = (e: { stageId: string; itemId: string }) => `${e.stageId}|${e.itemId}`

/** This instance's own reports: R (wk_kc_5: 1 × 2002, 1 × 2003, 3 × 2004 per run), `runs` single-run reports per server. */
const LOCAL_RUNS: Partial<Record<Server, number>> = { CN: 3, US: 2 }
let postedAt = 0
/** The own runs and drops per run in an element's period (the reports were sent at `postedAt`). */
const localOf = (server: Server, e: MatrixElement) => {
  const inPeriod = e.start <= postedAt && (e.end === null || e.end > postedAt)
  const runs = e.stageId === R.stageId && inPeriod ? (LOCAL_RUNS[server] ?? 0) : 0
  const perRun = R.drops.find((d) => d.itemId === e.itemId)?.quantity ?? 0
  return { runs, perRun }
}

/** A later answer with more runs: every pair of the main stages 100 more runs and 10 more drops. */
const withMoreRuns = (rows: WireElement[]) => rows.map((r) => (r.stageId.startsWith('main_') ? { ...r, times: r.times + 100, quantity: r.quantity + 10 } : r))

/**
 * Issue 40 item 1 acceptance: a local fake upstream serves real Penguin answers (CN: the 2024-10-17 API
 * snapshot, then the 2025-06-21 dump; the other servers the 2025-06-21 dumps, then one with more runs).
 * After one round `/result/matrix` is, pair by pair, the upstream's figure plus this instance's own reports;
 * an upstream that is down, cut off, rewound or answers garbage changes nothing, and health says since when.
 */
describe.each(dbTargets())('upstream baseline on $name', (target) => {
  let fake: FakeUpstream
  let ctx: TestContext
  let upstream: UpstreamService
  const served = new Map<Server, WireElement[]>()
  const serve = (server: Server, rows: WireElement[]) => {
    served.set(server, rows)
    fake.serve(server, rows)
  }
  beforeAll(async () => {
    fake = await startFakeUpstream()
    serve('CN', await answer20241017())
    for (const s of ['US', 'JP', 'KR'] as const) serve(s, await dumpAnswer(s))
    ctx = await createTestContext(target, { app: { upstream: { url: fake.url } } })
    upstream = ctx.app.upstream as UpstreamService
    postedAt = Date.now()
    for (const [server, runs] of Object.entries(LOCAL_RUNS)) {
      for (let i = 0; i < runs; i++) {
        const res = await ctx.app.inject({ method: 'POST', url: `${V2}/report`, payload: { ...R, server } })
        expect(res.statusCode).toBe(200)
      }
    }
    await ctx.app.writer.drain()
    while ((await ctx.app.aggregation.runOnce()).verified > 0);
  }, 180_000)
  afterAll(async () => {
    await ctx?.close()
    await fake?.close()
  })

  const get = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url })).json<T>()
  const matrixBody = async (server: Server) => {
    await ctx.app.matrix.settle()
    return (await ctx.app.inject({ method: 'GET', url: `${V2}/result/matrix?server=${server}&show_closed_zones=true` })).body
  }
  const matrixOf = async (server: Server) => MatrixResponseSchema.parse(JSON.parse(await matrixBody(server))).matrix
  const status = () => get<UpstreamStatus>('/api/_/upstream')

  /** Every element is the upstream's figure for its period plus the own reports in it; the upstream's other pairs are the ones health names. */
  const expectSums = async (server: Server) => {
    const answer = served.get(server) as WireElement[]
    const up = new Map(answer.map((u) => [key(u), u]))
    const got = await matrixOf(server)
    let counted = 0
    for (const e of got) {
      const u = up.get(key(e))
      const { runs, perRun } = localOf(server, e)
      const local = sumsFromReports(Array.from({ length: runs }, () => ({ times: 1, quantity: perRun })))
      if (u && u.start === e.start) {
        counted++
        const want = matrixNumbers(addSums(sumsFromNumbers(u), local))
        expect([e.times, e.quantity], `${server} ${key(e)}`).toEqual([u.times + runs, u.quantity + runs * perRun])
        expect(e.stdDev, `${server} ${key(e)} stdDev`).toBeCloseTo(want.stdDev, 3)
      } else {
        // No upstream figure for this period: only what was reported here.
        expect([e.times, e.quantity], `${server} ${key(e)} (local only)`).toEqual([runs, runs * perRun])
      }
    }
    const s = (await status()).servers[server]
    expect(s?.pairs).toBe(answer.length)
    expect(counted, `${server}: counted upstream pairs`).toBe(answer.length - (s?.unmatched ?? 0) - (s?.unknown ?? 0))
    return { counted, got }
  }

  it('is off in health until the first round; the first round makes every server’s answer the baseline', async () => {
    expect((await status()).lastGoodAt).toBeNull()
    const results = await upstream.sync()
    expect(results.map((r) => [r.server, r.outcome])).toEqual(SERVERS.map((s) => [s, 'applied']))
    expect(fake.requests).toEqual(SERVERS.map((s) => `?server=${s}&show_closed_zones=true`))
    for (const server of SERVERS) {
      const { counted } = await expectSums(server)
      expect(counted, server).toBeGreaterThan(5000)
    }
    // CN's 2024-10-17 answer predates drop-pool changes the local drop infos know: those pairs are left out.
    const cn = (await status()).servers.CN
    expect([cn?.unmatched, cn?.unknown]).toEqual([26, 0])
    const wk = (await matrixOf('CN')).find((e) => e.stageId === 'wk_kc_5' && e.itemId === '2004')
    const upWk = served.get('CN')?.find((u) => u.stageId === 'wk_kc_5' && u.itemId === '2004')
    expect(wk?.times).toBe((upWk?.times ?? 0) + 3)
    const health = await get<Health>('/api/_/health')
    expect(health.status).toBe('ok')
    expect(health.upstream).toMatchObject({ url: fake.url, failingSince: null, reason: null })
    expect(health.upstream?.lastGoodAt).toBeGreaterThan(0)
    const basis = await get<{ imported: { until: number; upstream: string; runs: number }; reported: { automated: { runs: number } } }>('/api/v2/basis?server=CN')
    expect(basis.imported).toMatchObject({ upstream: fake.url, until: health.upstream?.servers.CN?.fetchedAt })
    expect(basis.reported.automated.runs).toBe(3)
  }, 180_000)

  it('after one round with a later answer (more runs), the matrices follow it exactly', async () => {
    serve('CN', await dumpAnswer('CN'))
    serve('US', withMoreRuns(served.get('US') as WireElement[]))
    const results = await upstream.sync()
    expect(results.map((r) => [r.server, r.outcome])).toEqual([
      ['CN', 'applied'],
      ['US', 'applied'],
      ['JP', 'unchanged'],
      ['KR', 'unchanged'],
    ])
    for (const server of SERVERS) await expectSums(server)
    const main = (await matrixOf('US')).find((e) => e.stageId === 'main_01-07' && e.itemId === '30012')
    const dump = (await dumpAnswer('US')).find((u) => u.stageId === 'main_01-07' && u.itemId === '30012')
    expect(main?.times).toBe((dump?.times ?? 0) + 100)
  }, 180_000)

  const unchangedBy = async (outcome: 'refused' | 'failed', reason: RegExp, servers: readonly Server[] = ['CN']) => {
    const before = await Promise.all(SERVERS.map(matrixBody))
    const results = await upstream.sync()
    for (const r of results) {
      if (servers.includes(r.server)) {
        expect(r.outcome, r.server).toBe(outcome)
        expect(r.reason).toMatch(reason)
      }
    }
    expect(await Promise.all(SERVERS.map(matrixBody))).toEqual(before)
    const health = await get<Health>('/api/_/health')
    expect(health.upstream?.reason).toMatch(reason)
    return health.upstream as UpstreamStatus
  }

  it('a truncated, rewound, garbage or unreachable answer changes nothing; health says since when and why', async () => {
    const good = served.get('CN') as WireElement[]
    const text = JSON.stringify({ matrix: good })
    fake.serve('CN', { body: text.slice(0, Math.floor(text.length / 2)) })
    const cut = await unchangedBy('refused', /CN: the answer is not valid JSON \(\d+ bytes; truncated\?\)/)
    expect(cut.failingSince).toBeGreaterThan(0)
    expect(cut.servers.US?.failingSince).toBeNull()

    // The 2024-10-17 answer again: pairs of the same period with fewer runs than the last good one.
    fake.serve('CN', { body: JSON.stringify({ matrix: await answer20241017() }) })
    const rewound = await unchangedBy('refused', /CN: \d+ pairs of the same period have fewer runs than in the last good answer/)
    expect(rewound.failingSince).toBe(cut.failingSince)

    fake.serve('CN', { body: JSON.stringify({ matrix: good.slice(0, 100) }) })
    await unchangedBy('refused', /CN: the answer holds 100 pairs, the last good one \d+/)
    fake.serve('CN', { body: '<html>502 Bad Gateway</html>' })
    await unchangedBy('refused', /CN: the answer is not valid JSON/)
    fake.serve('CN', { body: JSON.stringify({ matrix: [{ stageId: 'main_01-07', itemId: '30012', times: '12' }] }) })
    await unchangedBy('refused', /CN: the answer does not match Penguin's matrix at matrix\.0\.times/)
    fake.serve('CN', { status: 503 })
    await unchangedBy('failed', /CN: .* answered 503/)

    await fake.down()
    const down = await unchangedBy('failed', /could not reach /, SERVERS)
    expect(down.failingSince).toBe(cut.failingSince)
    expect(down.lastGoodAt).toBeLessThan(down.servers.CN?.failingSince ?? 0)
    for (const server of SERVERS) await expectSums(server)

    // Back: the same answers as before the outage, nothing to apply, and nothing failing.
    await fake.up()
    fake.serve('CN', good)
    const results = await upstream.sync()
    expect(results.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged'])
    const health = await get<Health>('/api/_/health')
    expect(health.upstream).toMatchObject({ failingSince: null, reason: null })
  }, 180_000)
})
