import { execFile } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../testing/raw-http'
import { REQUEST_TIMEOUT_MS } from '../app'
import { createTestContext, dbTargets, type TestContext } from '../testing/test-app'

const run = promisify(execFile)
const REPORT = JSON.stringify({
  server: 'CN',
  source: 'MeoAssistant',
  stageId: 'wk_kc_5',
  drops: [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1 }],
  version: 'v5.9.0',
})
const hasCurl = await run('curl', ['--version']).then(
  (r) => /HTTP2/.test(r.stdout),
  () => false,
)

// What reaches the server over a real socket: HTTP/1.1 parsing, h2c upgrade offers, the request timeout.
describe.each(dbTargets())('HTTP edges on $name', (target) => {
  let ctx: TestContext
  let port: number
  beforeAll(async () => {
    ctx = await createTestContext(target)
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    port = (ctx.app.server.address() as AddressInfo).port
  })
  afterAll(async () => ctx?.close())

  const reportsStored = async (hash: string) => (await ctx.db.kysely.selectFrom('drop_reports').select('report_hash').where('report_hash', '=', hash).execute()).length

  it('MAA over plain http: a POST offering an h2c upgrade (the exact headers of curl --http2) is served as HTTP/1.1', async () => {
    const head = [
      'POST /PenguinStats/api/v2/report HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'User-Agent: curl/7.88.1',
      'Accept: */*',
      'Connection: Upgrade, HTTP2-Settings',
      'Upgrade: h2c',
      'HTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA',
      'content-type: application/json',
      `Content-Length: ${Buffer.byteLength(REPORT)}`,
    ].join('\r\n')
    // Headers and body in one write, and headers first with the body after a pause (a slow client).
    for (const chunks of [[`${head}\r\n\r\n${REPORT}`], [`${head}\r\n\r\n`, REPORT]]) {
      const answer = await rawRequest(port, chunks, { gapMs: 100 })
      expect(answer.status).toBe(200)
      const { reportHash } = JSON.parse(answer.body) as { reportHash: string }
      expect(reportHash).toHaveLength(37)
      expect(await reportsStored(reportHash)).toBe(1)
    }
  })

  it('a chunked h2c POST too', async () => {
    const chunked = `${Buffer.byteLength(REPORT).toString(16)}\r\n${REPORT}\r\n0\r\n\r\n`
    const answer = await rawRequest(port, [
      `POST /api/v2/report HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\ncontent-type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}`,
    ])
    expect(answer.status).toBe(200)
    expect(await reportsStored((JSON.parse(answer.body) as { reportHash: string }).reportHash)).toBe(1)
  })

  it.skipIf(!hasCurl)('curl --http2 itself: two reports over one connection', async () => {
    const url = `http://127.0.0.1:${port}/PenguinStats/api/v2/report`
    const args = ['-s', '--http2', '-H', 'content-type: application/json', '-d', REPORT, url]
    const { stdout } = await run('curl', [...args, '--next', ...args])
    const hashes = [...stdout.matchAll(/"reportHash":"([^"]+)"/g)].map((m) => m[1] as string)
    expect(hashes).toHaveLength(2)
    for (const hash of hashes) expect(await reportsStored(hash)).toBe(1)
  })

  it.each([
    ['bad chunk size', 'POST /api/v2/report HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n', 400],
    ['Transfer-Encoding and Content-Length together', 'POST /api/v2/report HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n', 400],
    ['a control character in a header', 'GET /api/v2/items HTTP/1.1\r\nHost: x\r\nX-Test: a\u0001b\r\n\r\n', 400],
    ['two different Content-Lengths', 'POST /api/v2/report HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}', 400],
    ['headers too large', `GET /api/v2/items HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a URL that cannot be decoded', 'GET /api/v2/stages/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n', 400],
  ])('parser error: %s → {code, message}', async (_name, bytes, status) => {
    const answer = await rawRequest(port, [bytes])
    expect(answer.status).toBe(status)
    expect(answer.headers['content-type']).toMatch(/application\/json/)
    expect(JSON.parse(answer.body)).toEqual({ code: 'INVALID_REQUEST', message: expect.stringMatching(/^invalid request: \S/) })
  })
})

describe('request timeout', () => {
  // The server's budget is 30 s; this app's is 5 s, so the test waits seconds rather than half a minute.
  const BUDGET_MS = 5_000
  let ctx: TestContext
  let port: number
  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' }, { app: { requestTimeoutMs: BUDGET_MS } })
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    port = (ctx.app.server.address() as AddressInfo).port
  })
  afterAll(async () => ctx?.close())

  it('gives a request 30 s to arrive, headers in 20 s, unless told otherwise', async () => {
    const plain = await createTestContext({ name: 'pglite' })
    try {
      expect(REQUEST_TIMEOUT_MS).toBe(30_000)
      expect(plain.app.server.requestTimeout).toBe(30_000)
      expect(plain.app.server.headersTimeout).toBe(20_000)
      expect(ctx.app.server.requestTimeout).toBe(BUDGET_MS)
      expect(ctx.app.server.headersTimeout).toBe(BUDGET_MS)
    } finally {
      await plain.close()
    }
  })

  it('a body that never finishes is dropped within the budget with a 408 in the contract shape', async () => {
    // Half the declared body, then a byte every second: the connection must not be held for minutes.
    const chunks = ['POST /api/v2/report HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\nContent-Length: 1000\r\n\r\n{"server":', ...Array(20).fill(' ')]
    const answer = await rawRequest(port, chunks, { gapMs: 1_000, timeoutMs: 30_000 })
    expect(answer.status).toBe(408)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'INVALID_REQUEST' })
    // Node checks its connections every 2 s; on a loaded CI host its timers run seconds late (9.5 s seen on
    // Node 24 with the fault tests beside it). The dribble alone lasts 20 s, so a connection the budget did not
    // drop still fails this bound.
    expect(answer.ms).toBeLessThan(BUDGET_MS + 2_000 + 6_000)
  }, 40_000)
})
