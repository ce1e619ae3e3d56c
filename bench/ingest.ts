// npm run bench:ingest [-- --seconds 15 --connections 12]
// POST /report throughput and latency on PGlite and on PostgreSQL, server and load generator on this machine
// (loopback only, bounded in time). Prints figures; the last line is a JSON summary.
import { runLoad } from './lib/load'
import { freshPostgres, startServer } from './lib/server-process'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const seconds = arg('seconds', 15)
// 12 connections: enough load to pass 2,000 reports/s here while latency still measures the server, not a queue.
const connections = arg('connections', 12)

// Valid single-run reports of permanent stages, as MAA sends them (with a PenguinID after the first).
const bodies = [
  {
    stageId: 'wk_kc_5',
    drops: [
      { dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1 },
      { dropType: 'NORMAL_DROP', itemId: '2003', quantity: 1 },
      { dropType: 'NORMAL_DROP', itemId: '2004', quantity: 3 },
    ],
  },
  {
    stageId: 'main_01-07',
    drops: [
      { dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 },
      { dropType: 'EXTRA_DROP', itemId: '30011', quantity: 1 },
    ],
  },
  {
    stageId: 'main_04-06',
    times: 3,
    drops: [
      { dropType: 'NORMAL_DROP', itemId: '30012', quantity: 2 },
      { dropType: 'NORMAL_DROP', itemId: '30062', quantity: 1 },
    ],
  },
].map((b) => JSON.stringify({ server: 'CN', source: 'MaaAssistantArknights', version: 'v5.9.0', ...b }))

const run = async (label: 'pglite' | 'postgres', databaseUrl?: string) => {
  const server = await startServer(databaseUrl ? { databaseUrl } : {})
  try {
    const first = await fetch(`${server.url}/PenguinStats/api/v2/report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies[0] })
    const penguinId = first.headers.get('x-penguin-set-penguinid') ?? ''
    const result = await runLoad({
      url: `${server.url}/PenguinStats/api/v2/report`,
      method: 'POST',
      bodies,
      connections,
      seconds,
      headers: { 'content-type': 'application/json', authorization: `PenguinID ${penguinId}` },
    })
    const figures = {
      database: label,
      generator: result.generator,
      reportsPerSecond: Math.round((result.requests - result.non2xx) / seconds),
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      maxMs: result.maxMs,
      acknowledged: result.requests - result.non2xx,
      non2xx: result.non2xx,
      errors: result.errors,
      connections,
      seconds,
    }
    console.log(
      `${label} (${result.generator}): ${figures.reportsPerSecond} reports/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms (${figures.acknowledged} acknowledged, ${result.non2xx} non-2xx, ${result.errors} errors)`,
    )
    return figures
  } finally {
    await server.stop()
  }
}

const results = [await run('pglite')]
const pgUrl = await freshPostgres('dropwise_bench_ingest')
if (pgUrl) results.push(await run('postgres', pgUrl))
else console.log('postgres: skipped (no PostgreSQL server reachable on 127.0.0.1:5432)')
console.log(JSON.stringify({ bench: 'ingest', results }))
