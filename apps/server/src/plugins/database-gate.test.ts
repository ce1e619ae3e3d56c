import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../app'
import { createDb } from '../db/db'
import { createDataVersion } from '../lib/data-version'
import { R_MAA } from '../testing/reports'
import { freePort } from '../testing/server-process'
import { createTestContext } from '../testing/test-app'
import { createDatabaseGate, waitForDatabase } from './database-gate'

const REPORT = { method: 'POST' as const, url: '/PenguinStats/api/v2/report', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(R_MAA) }
const quiet = { warn: () => {}, info: () => {} }

const expect503 = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
  expect(res.statusCode).toBe(503)
  expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('database') })
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
}

// Requests while the database is unreachable answer 503 with Retry-After, within seconds, never 500.
describe('the database unreachable', () => {
  const apps: App[] = []
  const servers: Server[] = []
  const sockets: Socket[] = []
  afterAll(async () => {
    for (const app of apps) await app.close()
    sockets.forEach((s) => s.destroy())
    for (const s of servers) await new Promise((r) => s.close(r))
  })
  const appOn = async (url: string) => {
    const db = await createDb({ kind: 'postgres', url, poolSize: 2 })
    // The version is given: building the app reads nothing from the database.
    const app = await buildApp({ db, webDist: null, version: createDataVersion(1), closeDb: true })
    apps.push(app)
    return app
  }

  it('refused connections (PostgreSQL stopped): 503 at once for reads and reports, health down', async () => {
    const app = await appOn(`postgres://postgres@127.0.0.1:${await freePort()}/none`)
    const started = Date.now()
    for (const url of ['/PenguinStats/api/v2/result/matrix', '/api/v2/stages', '/api/v2/result/pattern?stageId=wk_kc_5'])
      expect503(await app.inject({ method: 'GET', url }))
    expect503(await app.inject(REPORT))
    expect(Date.now() - started).toBeLessThan(3000)
    const health = await app.inject({ method: 'GET', url: '/api/_/health' })
    expect(health.statusCode).toBe(503)
    expect(health.json()).toMatchObject({ status: 'down', checks: { database: 'down' } })
  })

  it('a server that accepts and never answers (a cut network): 503 within the 5 s connect timeout, not a hang', async () => {
    const blackhole = createServer((s) => void sockets.push(s))
    servers.push(blackhole)
    const port = await freePort()
    await new Promise<void>((r) => blackhole.listen(port, '127.0.0.1', r))
    const app = await appOn(`postgres://postgres@127.0.0.1:${port}/none`)
    const started = Date.now()
    const [matrix, report] = await Promise.all([app.inject({ method: 'GET', url: '/api/v2/result/matrix' }), app.inject(REPORT)])
    expect503(matrix)
    expect503(report)
    expect(Date.now() - started).toBeLessThan(8000)
  }, 20_000)
})

// A server started before its database is ready: the API answers 503 and health says down until the gate
// opens (the server opens it once migrations and the seed went through), then everything serves.
describe('the database gate', () => {
  it('answers 503 (health down) while closed, serves once open', async () => {
    const gate = createDatabaseGate()
    const ctx = await createTestContext({ name: 'pglite' }, { app: { databaseGate: gate, background: true } })
    try {
      expect503(await ctx.app.inject(REPORT))
      expect503(await ctx.app.inject({ method: 'GET', url: '/api/v2/result/matrix' }))
      expect503(await ctx.app.inject({ method: 'POST', url: '/planner/plan', payload: {} }))
      const down = await ctx.app.inject({ method: 'GET', url: '/api/_/health' })
      expect(down.statusCode).toBe(503)
      expect(down.json()).toMatchObject({ status: 'down', checks: { database: 'down' } })
      expect((await ctx.app.inject({ method: 'GET', url: '/api/_/bininfo' })).statusCode).toBe(200)
      // The web app's addresses are not held back (here without a built app: the API's 404).
      expect((await ctx.app.inject({ method: 'GET', url: '/result/stage/main_01-07' })).statusCode).toBe(404)

      gate.open()
      await gate.opened
      expect((await ctx.app.inject({ method: 'GET', url: '/api/_/health' })).statusCode).toBe(200)
      expect((await ctx.app.inject(REPORT)).statusCode).toBe(200)
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/result/matrix' })).statusCode).toBe(200)
      // The background worker started with the gate: the report is counted without a manual pass.
      const deadline = Date.now() + 10_000
      while ((await ctx.db.kysely.selectFrom('drop_reports').select('report_id').where('reliability', 'is', null).execute()).length > 0) {
        if (Date.now() > deadline) throw new Error('the aggregation worker did not run after the gate opened')
        await new Promise((r) => setTimeout(r, 100))
      }
    } finally {
      await ctx.close()
    }
  }, 60_000)

  it('waitForDatabase retries an unreachable database and gives up on anything else', async () => {
    let calls = 0
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    const ok = await waitForDatabase(
      async () => {
        if (++calls < 3) throw refused
      },
      { log: quiet, maxDelayMs: 50 },
    )
    expect(ok).toBe(true)
    expect(calls).toBe(3)
    const broken = Object.assign(new Error('syntax error at or near "crate"'), { code: '42601' })
    await expect(waitForDatabase(() => Promise.reject(broken), { log: quiet })).rejects.toBe(broken)
    expect(await waitForDatabase(() => Promise.reject(refused), { log: quiet, stopped: () => true })).toBe(false)
  })
})
