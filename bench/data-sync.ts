// npm run bench:data-sync [-- --postgres]
// The run-time game-data sync (issue 36) on the real data: the real server (PGlite, or PostgreSQL with
// --postgres) follows a local mirror of the sources (../shared/data/raw in the raw layout, plus a future
// event). Figures: the wall time of one sync (fetch, derive, verify, apply) and the p99 of GET /stages and
// POST /report under a steady open load (RATE), idle vs while the update is prepared and applied. Last line JSON.
import { cpus, loadavg } from 'node:os'
import { addFutureEvent } from '../apps/server/src/testing/future-event'
import { startSourcesMirror } from '../apps/server/src/testing/game-data-mirror'
import { R_MAA } from '../apps/server/src/testing/reports'
import { dropPostgres, freshPostgres, startServer } from './lib/server-process'

const TOKEN = 'bench-ops-token-0123456789abcdef'
/** Arrivals per second per route: an open load (requests go out on schedule whether or not earlier ones
 * answered, so a stall shows in the latencies instead of slowing the load down). 20 reports a second is
 * some 40 times Penguin Statistics' average upload rate; the stage list is what every page view reads. */
const RATE = { stages: 40, report: 20 }
const IDLE_S = 8

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN

/** Sends requests at `RATE` (Poisson arrivals) until `until()` resolves; latency from each request's scheduled time, in ms. */
const load = async (base: string, until: Promise<unknown>) => {
  let done = false
  void until.finally(() => (done = true))
  const lat = { stages: [] as number[], report: [] as number[] }
  let failed = 0
  const body = JSON.stringify(R_MAA)
  const inflight: Promise<void>[] = []
  const one = async (kind: 'stages' | 'report', t: number) => {
    const res =
      kind === 'stages'
        ? await fetch(`${base}/PenguinStats/api/v2/stages?server=CN`)
        : await fetch(`${base}/PenguinStats/api/v2/report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    await res.arrayBuffer()
    if (!res.ok) failed++
    lat[kind].push(performance.now() - t)
  }
  const stream = async (kind: 'stages' | 'report') => {
    let next = performance.now()
    while (!done) {
      next += -Math.log(1 - Math.random()) * (1000 / RATE[kind])
      const wait = next - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      inflight.push(one(kind, next))
    }
  }
  await Promise.all([stream('stages'), stream('report')])
  await Promise.all(inflight)
  const sum = (l: number[]) => {
    const s = [...l].sort((a, b) => a - b)
    return { n: s.length, p50Ms: Math.round(p(s, 0.5) * 10) / 10, p99Ms: Math.round(p(s, 0.99) * 10) / 10, maxMs: Math.round((s.at(-1) ?? NaN) * 10) / 10 }
  }
  return { stages: sum(lat.stages), report: sum(lat.report), failed }
}

const usePostgres = process.argv.includes('--postgres')
// A database of this run's own (benches of several worktrees may share the PostgreSQL server).
const databaseName = `dropwise_bench_data_sync_${process.pid}`
const databaseUrl = usePostgres ? await freshPostgres(databaseName) : null
if (usePostgres && !databaseUrl) throw new Error('no PostgreSQL reachable (BENCH_DATABASE_ADMIN_URL)')
const mirror = await startSourcesMirror()
await addFutureEvent(mirror, Date.now())
const server = await startServer({
  ...(databaseUrl ? { databaseUrl } : {}),
  env: { ASSETS: 'off', DEMO: '0', DATA_SYNC: 'off', ASSETS_BASE_URL: mirror.url, OPS_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
})
try {
  // Warm the caches the load reads.
  await load(server.url, new Promise((r) => setTimeout(r, 2000)))
  const idle = await load(server.url, new Promise((r) => setTimeout(r, IDLE_S * 1000)))
  console.log(`idle: ${JSON.stringify(idle)}`)

  const started = performance.now()
  const sync = fetch(`${server.url}/api/_/data/sync`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } }).then(
    async (r) => (await r.json()) as { status: { outcome: string; version: number | null; reason: string | null }; changes: unknown },
  )
  const during = await load(server.url, sync)
  const result = await sync
  const syncMs = Math.round(performance.now() - started)
  console.log(`sync: ${JSON.stringify(result.status)} in ${syncMs} ms; changes ${JSON.stringify(result.changes)}`)
  console.log(`during the update: ${JSON.stringify(during)}`)
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
  console.log(
    JSON.stringify({
      bench: 'data-sync',
      database: usePostgres ? 'postgres' : 'pglite',
      outcome: result.status.outcome,
      syncMs,
      targetSyncMs: 10_000,
      idle: { stagesP99Ms: idle.stages.p99Ms, reportP99Ms: idle.report.p99Ms },
      during: { stagesP99Ms: during.stages.p99Ms, reportP99Ms: during.report.p99Ms, requests: during.stages.n + during.report.n, failed: during.failed },
      p99Ratio: { stages: ratio(during.stages.p99Ms, idle.stages.p99Ms), report: ratio(during.report.p99Ms, idle.report.p99Ms) },
      targetRatio: 2,
      ratePerS: RATE,
      // The host: the load generator shares these cores with the server (and with whatever else runs).
      host: { cpus: cpus().length, loadAvg1m: Math.round((loadavg()[0] ?? 0) * 100) / 100 },
    }),
  )
} finally {
  await server.stop()
  await mirror.dispose()
  if (databaseUrl) await dropPostgres(databaseName)
}
