import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from './app'
import { prepareDatabase } from './bootstrap'
import { createDb, type Db } from './db/db'
import { R_MAA } from './testing/reports'
import { SEED_DIR } from './testing/test-app'

const url = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

const R = JSON.stringify(R_MAA)

// Two server processes on one PostgreSQL (here: two apps with their own pools): one worker at a time
// (advisory lock), every report counted once, and the other process's cache follows the new version
// (Redis pub/sub when configured, else polling the version row).
describe.skipIf(!url).each([{ redis: false }, ...(redisUrl ? [{ redis: true }] : [])])('two processes, redis: $redis', ({ redis }) => {
  const schema = `multi_${randomBytes(5).toString('hex')}`
  let admin: Db
  const dbs: Db[] = []
  const apps: App[] = []
  beforeAll(async () => {
    admin = await createDb({ kind: 'postgres', url: url as string, poolSize: 1 })
    await sql.raw(`create schema ${schema}`).execute(admin.kysely)
    const u = new URL(url as string)
    u.searchParams.set('options', `-c search_path=${schema}`)
    for (let i = 0; i < 2; i++) {
      const db = await createDb({ kind: 'postgres', url: u.toString(), poolSize: 4 })
      if (i === 0) await prepareDatabase(db, SEED_DIR)
      dbs.push(db)
      apps.push(await buildApp({ db, webDist: null, background: true, ...(redis ? { redisUrl } : {}) }))
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const db of dbs) await db.close()
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.kysely)
    await admin.close()
  })

  const times = async (app: App) => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/result/matrix?stageFilter=wk_kc_5&itemFilter=2004' })
    return (res.json() as { matrix: { times: number }[] }).matrix[0]?.times ?? 0
  }

  // The stage's sample basis (modules/matrix/basis.ts), which each process keeps until the data version moves.
  const basisRuns = async (app: App) => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/basis?server=CN&stageId=wk_kc_5' })
    return (res.json() as { reported: { automated: { runs: number } } }).reported.automated.runs
  }

  it('counts a report once and both processes serve it within seconds, in the matrix and in the basis', async () => {
    const [a, b] = apps as [App, App]
    const before = [await times(a), await times(b)]
    expect(before[0]).toBe(before[1])
    // Asked for first, so each process holds the basis of the version before the reports.
    const basisBefore = [await basisRuns(a), await basisRuns(b)]
    expect(basisBefore[0]).toBe(basisBefore[1])
    for (let i = 0; i < 5; i++) {
      const target = i % 2 === 0 ? a : b
      const res = await target.inject({ method: 'POST', url: '/api/v2/report', headers: { 'content-type': 'application/json' }, payload: R })
      expect(res.statusCode).toBe(200)
    }
    const deadline = Date.now() + 30_000
    for (;;) {
      const now = [await times(a), await times(b)]
      const basisNow = [await basisRuns(a), await basisRuns(b)]
      const all = (values: number[], from: number[]) => values.every((v, i) => v === (from[i] ?? 0) + 5)
      if (all(now, before) && all(basisNow, basisBefore)) break
      expect(Math.max(...now) - (before[0] ?? 0), 'never more than the reports sent').toBeLessThanOrEqual(5)
      expect(Math.max(...basisNow) - (basisBefore[0] ?? 0), 'never more runs than the reports sent').toBeLessThanOrEqual(5)
      if (Date.now() > deadline) throw new Error(`not visible in both processes: ${JSON.stringify({ before, now, basisBefore, basisNow })}`)
      await new Promise((r) => setTimeout(r, 250))
    }
  }, 60_000)
})
