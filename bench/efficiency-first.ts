// npm run bench:efficiency -- --first [--runs 3]
// The first GET /efficiency after a start: the real server process (PGlite, a seeded data folder, DEMO=0, no art,
// no sync), a request for CN as soon as /api/_/health answers. Once on a folder no process ever served (nothing
// stored: the request waits for the LP), then after a restart on the same folder (SIGTERM, start again: the stored
// answer serves while the new process computes). Target: ≤ 1,000 ms after a restart. The last line is JSON.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { seededDataDir, startServer, type RunningServer } from '../tooling/test-kit/server-process'

const TARGET_MS = 1000
const argAt = process.argv.indexOf('--runs')
const runs = argAt >= 0 ? Number(process.argv[argAt + 1]) : 3
const env = { DEMO: '0', ASSETS: 'off', DATA_SYNC: 'off' }

const firstAnswer = async (server: RunningServer) => {
  const started = performance.now()
  const res = await fetch(`${server.url}/api/v2/efficiency?server=CN`)
  const body = (await res.json()) as { computedAt?: number }
  if (res.status !== 200) throw new Error(`GET /efficiency → ${res.status}`)
  return { ms: Math.round(performance.now() - started), computedAt: body.computedAt ?? 0 }
}

const rows: { run: number; firstStartMs: number; restartMs: number; restartServedStored: boolean }[] = []
for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dropwise-bench-eff-'))
  try {
    cpSync(seededDataDir(), dataDir, { recursive: true })
    const first = await startServer({ dataDir, env, stdout: 'ignore', stderr: 'inherit' })
    const a = await firstAnswer(first)
    // Let the start-up warm-up finish (every server), as a running site would have.
    await new Promise((r) => setTimeout(r, 5000))
    await first.stop()
    const again = await startServer({ dataDir, env, stdout: 'ignore', stderr: 'inherit' })
    const b = await firstAnswer(again)
    await again.stop()
    rows.push({ run, firstStartMs: a.ms, restartMs: b.ms, restartServedStored: b.computedAt < Date.now() - 1000 })
    console.log(
      `run ${run}: first start ${a.ms} ms (computed), restart ${b.ms} ms (${b.computedAt < Date.now() - 1000 ? 'stored answer' : 'computed'}) · load ${loadavg()[0]?.toFixed(1)}`,
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? Number.NaN
const restartMedian = median(rows.map((r) => r.restartMs))
console.log(
  `first /efficiency after a restart: median ${restartMedian} ms over ${runs} (target ≤ ${TARGET_MS} ms: ${restartMedian <= TARGET_MS ? 'met' : 'missed'}); after a first start ${median(rows.map((r) => r.firstStartMs))} ms`,
)
console.log(JSON.stringify({ bench: 'efficiency-first', targetMs: TARGET_MS, runs: rows, restartMedianMs: restartMedian }))
