// npm run bench:freshness [-- --rounds 5]
// Seconds from POST /report until the report is visible in the global matrix (the real server, its own
// aggregation worker, PGlite). The last line is a JSON summary.
import { R_MAA } from '../apps/server/src/testing/reports'
import { startServer } from './lib/server-process'

const i = process.argv.indexOf('--rounds')
const rounds = i >= 0 ? Number(process.argv[i + 1]) : 5
const body = JSON.stringify(R_MAA)
const matrixUrl = (base: string) => `${base}/PenguinStats/api/v2/result/matrix?server=CN&stageFilter=wk_kc_5&itemFilter=2004`
const timesNow = async (base: string) => ((await (await fetch(matrixUrl(base))).json()) as { matrix: { times: number }[] }).matrix[0]?.times ?? 0

const server = await startServer()
const seconds: number[] = []
try {
  for (let r = 0; r < rounds; r++) {
    const before = await timesNow(server.url)
    const sent = Date.now()
    const res = await fetch(`${server.url}/PenguinStats/api/v2/report`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    if (!res.ok) throw new Error(`report refused: ${res.status}`)
    for (;;) {
      if ((await timesNow(server.url)) > before) break
      if (Date.now() - sent > 120_000) throw new Error('not visible after 120 s')
      await new Promise((r) => setTimeout(r, 100))
    }
    seconds.push((Date.now() - sent) / 1000)
    console.log(`round ${r + 1}: visible in the global matrix after ${seconds.at(-1)?.toFixed(2)} s`)
  }
} finally {
  await server.stop()
}
const sorted = [...seconds].sort((a, b) => a - b)
console.log(JSON.stringify({ bench: 'freshness', rounds, medianSeconds: sorted[Math.floor(sorted.length / 2)], maxSeconds: sorted.at(-1) }))
