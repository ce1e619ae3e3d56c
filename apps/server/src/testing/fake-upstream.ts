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
  /**
   * What a reference answer (`stages?server=X`, `zones`, `items`: the path after the v2 base) answers from now
   * on: a list (sent as JSON), a raw body or a status code. Unset, it is 404.
   */
  serveReference: (path: string, answer: unknown[] | { body: string } | { status: number }) => void
  /** Stops listening (the upstream is down: connections are refused), or listens again on the same port. */
  down: () => Promise<void>
  up: () => Promise<void>
  close: () => Promise<void>
}

const BASE_PATH = '/PenguinStats/api/v2'

/** The 2024-10-17 answer of `/stages?server=CN`, `/zones` or `/items` (../shared/data/raw/penguin-api-2024-10-17/), unmodified. */
export const referenceAnswer20241017 = async <T = Record<string, unknown>>(kind: 'stages' | 'zones' | 'items'): Promise<T[]> =>
  JSON.parse(await readFile(join(SHARED_DATA_DIR, 'raw', 'penguin-api-2024-10-17', `${kind}.json`), 'utf8')) as T[]

/**
 * A Penguin-compatible upstream on 127.0.0.1: `/PenguinStats/api/v2/result/matrix?server=X&show_closed_zones=true`,
 * and the reference answers `serveReference` sets (`/stages?server=X`, `/zones`, `/items`).
 */
export const startFakeUpstream = async (): Promise<FakeUpstream> => {
  const bodies = new Map<Server, { body: string } | { status: number }>()
  const references = new Map<string, { body: string } | { status: number }>()
  const requests: string[] = []
  const handler = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    requests.push(url.search)
    const server = url.searchParams.get('server') as Server
    const reference = references.get(`${url.pathname.slice(BASE_PATH.length + 1)}${url.search}`)
    const served = url.pathname === `${BASE_PATH}/result/matrix` ? bodies.get(server) : reference
    if (!served || (served !== reference && url.searchParams.get('show_closed_zones') !== 'true')) {
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
    serveReference: (path, answer) => references.set(path, Array.isArray(answer) ? { body: JSON.stringify(answer) } : answer),
    down: stop,
    up: async () => {
      http = handler
      await listen(port)
    },
    close: stop,
  }
}
