import { readFile } from 'node:fs/promises'
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { MatrixElement, Server } from '@dropwise/schemas'
import { SHARED_DATA_DIR } from './test-app'

/** A Penguin v2 matrix element as the public service sends it (the contract's MatrixElement). */
export type WireElement = MatrixElement

const MATRIX_DIR = join(SHARED_DATA_DIR, 'raw', 'penguin-matrix')

/**
 * A dump of ../shared/data/raw/penguin-matrix as the wire answer of `GET /result/matrix?server=X&show_closed_zones=true`:
 * the 2025-06-21 dumps are Penguin's rows with fields the dump script added (`dropRate`, `dropPercentage`,
 * `fetchedAt`), which are dropped here.
 */
export const dumpAnswer = async (server: Server, date = '2025-06-21'): Promise<WireElement[]> => {
  const dump = JSON.parse(await readFile(join(MATRIX_DIR, date, `penguin-stats-${server.toLowerCase()}.json`), 'utf8')) as { data: WireElement[] }
  return dump.data.map(({ stageId, itemId, times, quantity, stdDev, start, end }) => ({ stageId, itemId, times, quantity, stdDev, start, end }))
}

/** The CN answer of 2024-10-17 (../shared/data/raw/penguin-api-2024-10-17/matrix.json), unmodified. */
export const answer20241017 = async (): Promise<WireElement[]> =>
  (JSON.parse(await readFile(join(SHARED_DATA_DIR, 'raw', 'penguin-api-2024-10-17', 'matrix.json'), 'utf8')) as { matrix: WireElement[] }).matrix

export interface FakeUpstream {
  /** The v2 base to give as `UPSTREAM_API`. */
  url: string
  /** Query strings asked, in order. */
  requests: string[]
  /** What a server's matrix answers from now on: elements, a raw body (garbage, a cut answer) or a status code. */
  serve: (server: Server, answer: WireElement[] | { body: string } | { status: number }) => void
  /** Stops listening (the upstream is down: connections are refused), or listens again on the same port. */
  down: () => Promise<void>
  up: () => Promise<void>
  close: () => Promise<void>
}

/** A Penguin-compatible upstream on 127.0.0.1: `/PenguinStats/api/v2/result/matrix?server=X&show_closed_zones=true`. */
export const startFakeUpstream = async (): Promise<FakeUpstream> => {
  const bodies = new Map<Server, { body: string } | { status: number }>()
  const requests: string[] = []
  const handler = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    requests.push(url.search)
    const server = url.searchParams.get('server') as Server
    const served = bodies.get(server)
    if (url.pathname !== '/PenguinStats/api/v2/result/matrix' || url.searchParams.get('show_closed_zones') !== 'true' || !served) {
      res.writeHead(404).end()
      return
    }
    if ('status' in served) res.writeHead(served.status, { 'content-type': 'application/json' }).end('{"code":"UNAVAILABLE","message":"down for maintenance"}')
    else res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(served.body) }).end(served.body)
  })
  let http: HttpServer = handler
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      http.once('error', reject)
      http.listen(port, '127.0.0.1', () => resolve((http.address() as AddressInfo).port))
    })
  const port = await listen(0)
  const stop = () =>
    new Promise<void>((resolve) => {
      http.close(() => resolve())
      http.closeAllConnections()
    })
  return {
    url: `http://127.0.0.1:${port}/PenguinStats/api/v2`,
    requests,
    serve: (server, answer) => bodies.set(server, Array.isArray(answer) ? { body: JSON.stringify({ matrix: answer }) } : answer),
    down: stop,
    up: async () => {
      http = handler
      await listen(port)
    },
    close: stop,
  }
}
