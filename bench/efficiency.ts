// npm run bench:efficiency [-- --runs 15]
// Farming guide: a full recompute of item values and stage efficiency (data, LP, efficiency, intervals)
// per server on the real seed, in process on PGlite; and GET /efficiency answered from the cache.
// Budget: a full recompute ≤ 200 ms per server on this machine. The last line is a JSON summary.
// `--first`: the first answer after a start, from the real server process (bench/efficiency-first.ts).
import { SERVERS } from '@dropwise/schemas'
import { createTestContext } from '../apps/server/src/testing/test-app'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const runs = arg('runs', 15)
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
}
const round = (x: number) => Math.round(x * 10) / 10

if (process.argv.includes('--first')) {
  await import('./efficiency-first')
  process.exit(0)
}
const ctx = await createTestContext({ name: 'pglite' })
try {
  const { efficiency } = ctx.app
  const results = []
  for (const server of SERVERS) {
    const opts = { server, lmd: true, exp: true }
    await efficiency.compute(opts) // loads HiGHS and warms the catalog and matrix caches
    const times: number[] = []
    let stages = 0
    for (let i = 0; i < runs; i++) {
      const answer = await efficiency.compute(opts)
      times.push(answer.computeMs)
      stages = answer.response.stages.length
    }
    await efficiency.get(opts)
    const cached: number[] = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/efficiency?server=${server}` })
      if (res.statusCode !== 200) throw new Error(`GET /efficiency → ${res.statusCode}`)
      cached.push(performance.now() - started)
    }
    const figures = {
      server,
      stages,
      recomputeMedianMs: round(quantile(times, 0.5)),
      recomputeMaxMs: round(Math.max(...times)),
      cachedGetMedianMs: round(quantile(cached, 0.5)),
    }
    console.log(
      `${server}: ${stages} stages, full recompute median ${figures.recomputeMedianMs} ms (max ${figures.recomputeMaxMs} ms over ${runs}), GET from cache ${figures.cachedGetMedianMs} ms`,
    )
    results.push(figures)
  }
  console.log(JSON.stringify({ bench: 'efficiency', budgetMs: 200, runs, results }))
} finally {
  await ctx.close()
}
