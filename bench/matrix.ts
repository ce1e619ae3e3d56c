// npm run bench:matrix [-- --seconds 15 --connections 16]
// GET of the full CN matrix (closed zones included, gzip accepted) against the real server on PGlite with
// the embedded demo data: requests per second and latency. The last line is a JSON summary.
import { runLoad } from './lib/load'
import { startServer } from './lib/server-process'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const seconds = arg('seconds', 15)
const connections = arg('connections', 16)
const path = '/PenguinStats/api/v2/result/matrix?server=CN&show_closed_zones=true'

const server = await startServer()
try {
  const first = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'gzip' } })
  const elements = ((await first.json()) as { matrix: unknown[] }).matrix.length
  const compressed = Number(
    (await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)).headers.get('content-length'),
  )
  const result = await runLoad({ url: `${server.url}${path}`, connections, seconds, headers: { 'accept-encoding': 'gzip' } })
  const figures = {
    bench: 'matrix',
    generator: result.generator,
    elements,
    gzipBytes: compressed || null,
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    maxMs: result.maxMs,
    non2xx: result.non2xx,
    errors: result.errors,
    connections,
    seconds,
  }
  console.log(`full CN matrix (${elements} elements, gzip; ${result.generator}): ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`)
  console.log(JSON.stringify(figures))
} finally {
  await server.stop()
}
