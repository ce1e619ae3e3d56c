import { randomBytes } from 'node:crypto'
import type { DataVersions, Stage } from '@dropwise/schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app'
import { prepareDatabase } from '../../bootstrap'
import { createDb, type Db } from '../../db/db'
import { addFutureEvent, FUTURE } from '../../testing/future-event'
import { startSourcesMirror, type SourcesMirror } from '../../testing/game-data-mirror'
import { SEED_DIR } from '../../testing/test-app'

const url = process.env.TEST_DATABASE_URL

// Two server processes on one PostgreSQL (here: two apps with their own pools), both syncing the same
// update at once: the advisory lock and the version check apply it once, and the other process's catalog
// follows the new version by polling the version row.
describe.skipIf(!url)('game data, two processes on one PostgreSQL', () => {
  const schema = `gd_multi_${randomBytes(5).toString('hex')}`
  let admin: Db
  let mirror: SourcesMirror
  const dbs: Db[] = []
  const apps: App[] = []
  beforeAll(async () => {
    mirror = await startSourcesMirror()
    admin = await createDb({ kind: 'postgres', url: url as string, poolSize: 1 })
    await sql.raw(`create schema ${schema}`).execute(admin.kysely)
    const u = new URL(url as string)
    u.searchParams.set('options', `-c search_path=${schema}`)
    for (let i = 0; i < 2; i++) {
      const db = await createDb({ kind: 'postgres', url: u.toString(), poolSize: 4 })
      if (i === 0) await prepareDatabase(db, SEED_DIR)
      dbs.push(db)
      const app = await buildApp({ db, webDist: null, gameData: { baseUrl: mirror.url } })
      await app.ready()
      await app.gameData.start({ intervalMs: null, pollMs: 200 })
      apps.push(app)
    }
  }, 180_000)
  afterAll(async () => {
    for (const app of apps) {
      await app.gameData.stop()
      await app.close()
    }
    for (const db of dbs) await db.close()
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.kysely)
    await admin?.close()
    await mirror?.dispose()
  })

  const hasEvent = async (app: App) =>
    (await app.inject({ method: 'GET', url: '/api/v2/stages?server=CN' })).json<Stage[]>().some((s) => s.stageId === FUTURE.stages[0] && s.dropInfos)

  it('applies one update once, and both serve it within seconds', async () => {
    const [a, b] = apps as [App, App]
    await addFutureEvent(mirror, Date.now())
    const heard: number[] = []
    b.gameData.onGameDataVersion((v) => heard.push(v))
    expect([await hasEvent(a), await hasEvent(b)]).toEqual([false, false])

    const results = await Promise.all([a.gameData.sync(), b.gameData.sync()])
    const outcomes = results.map((r) => r.status.outcome).sort()
    expect(outcomes).toEqual(['applied', 'unchanged'])
    const versions = (await a.inject({ method: 'GET', url: '/api/_/data' })).json<DataVersions>().versions
    expect(versions.map((v) => v.version)).toEqual([2, 1])

    const started = Date.now()
    while (!((await hasEvent(a)) && (await hasEvent(b))) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 100))
    expect([await hasEvent(a), await hasEvent(b)]).toEqual([true, true])
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(heard).toEqual([2])
  }, 180_000)
})
