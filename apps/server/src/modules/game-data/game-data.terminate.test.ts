import { randomBytes } from 'node:crypto'
import type { Health } from '@dropwise/schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareDatabase } from '../../bootstrap'
import { createDb, type Db } from '../../db/db'
import { addFutureEvent } from '../../testing/future-event'
import { startSourcesMirror, type SourcesMirror } from '../../testing/game-data-mirror'
import { startServer, type RunningServer } from '../../testing/server-process'
import { printFigures, referenceCounts, servedConsistency, startWriters, storedOnce, sync, TOKEN, until } from '../../testing/sync-faults'
import { SEED_DIR } from '../../testing/test-app'

const url = process.env.TEST_DATABASE_URL
/** The game-data lock's key (game-data.repository.ts), as pg_locks shows an advisory lock on one bigint. */
const LOCK_OBJID = 0x47_44_41_54

/**
 * Issue 36: the PostgreSQL connection of an apply is terminated (pg_terminate_backend) while the apply is
 * in its transaction. The process lives on, the apply is rolled back and tried again on a new connection,
 * health names what happened, honest reports keep being answered, and the data is one version whole.
 */
describe.skipIf(!url)('a terminated connection in the middle of a game-data apply on postgres', () => {
  const schema = `sync_term_${randomBytes(5).toString('hex')}`
  // The server's connections carry this name: the test terminates its backend, never another file's.
  const appName = `dropwise_${schema}`
  let admin: Db
  let mirror: SourcesMirror
  let server: RunningServer | undefined
  let dbUrl = ''
  beforeAll(async () => {
    mirror = await startSourcesMirror()
    await addFutureEvent(mirror, Date.now())
    admin = await createDb({ kind: 'postgres', url: url as string, poolSize: 1 })
    await sql.raw(`create schema ${schema}`).execute(admin.kysely)
    const u = new URL(url as string)
    u.searchParams.set('options', `-c search_path=${schema}`)
    u.searchParams.set('application_name', appName)
    dbUrl = u.toString()
    const db = await createDb({ kind: 'postgres', url: dbUrl, poolSize: 2 })
    await prepareDatabase(db, SEED_DIR).finally(() => db.close())
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.kysely)
    await admin?.close()
    await mirror?.dispose()
  })

  /** The backends of this test's server holding the game-data lock. */
  const applying = async () =>
    (
      await sql<{ pid: number }>`select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.objid = ${LOCK_OBJID} and l.granted and a.application_name = ${appName}`.execute(admin.kysely)
    ).rows.map((r) => r.pid)

  it('rolls the apply back, tries again, names the reason in health, and answers reports throughout', async () => {
    server = await startServer({
      env: { DATABASE_URL: dbUrl, ASSETS_BASE_URL: mirror.url, OPS_TOKEN: TOKEN, DATA_SYNC: 'off', DEMO: '0', DATA_SYNC_TEST_PAUSE_MS: '1500' },
      timeoutMs: 60_000,
    })
    const running = server
    expect(await servedConsistency(running.url)).toMatchObject({ problems: [], head: 1, event: false })
    const writers = startWriters(running.url)
    await until(() => writers.counts.acknowledged >= 40, 20_000, 'reports before the sync')
    const result = sync(running)
    await until(() => running.output().includes('game-data apply paused'), 30_000, 'the apply reaching its pause')
    const pids = await applying()
    expect(pids).toHaveLength(1)
    const atTerminate = writers.counts.acknowledged
    await sql`select pg_terminate_backend(${pids[0]})`.execute(admin.kysely)

    const { status } = await result
    const afterFault = writers.counts.acknowledged - atTerminate
    // The process lives, and the second try applied the update on a new connection.
    expect(running.child.exitCode).toBeNull()
    expect(status).toMatchObject({ outcome: 'applied', version: 2 })
    expect(status.reason).toMatch(/terminating connection due to administrator command/)
    const health = (await (await fetch(`${running.url}/api/_/health`)).json()) as Health
    expect(health.data?.lastSync?.reason).toMatch(/terminating connection/)
    expect(await servedConsistency(running.url)).toMatchObject({ problems: [], head: 2, event: true })
    const counts = await writers.stop()
    await running.stop()
    server = undefined

    const db = await createDb({ kind: 'postgres', url: dbUrl, poolSize: 1 })
    try {
      const once = await storedOnce(db, writers.hashes)
      printFigures('pg_terminate_backend mid-apply on postgres', [{ phase: 'whole run', ...counts, afterTerminate: afterFault, ...once }])
      expect(writers.failures).toEqual([])
      expect(counts).toMatchObject({ failed: 0, noAnswer: 0 })
      expect(once).toEqual({ lost: 0, duplicated: 0 })
      expect(afterFault).toBeGreaterThan(0)
      expect((await referenceCounts(db)).data_versions).toBe(2)
    } finally {
      await db.close()
    }
  }, 90_000)
})
