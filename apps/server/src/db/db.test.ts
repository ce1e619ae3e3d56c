import { randomBytes } from 'node:crypto'
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '../lib/db-unavailable'
import { createDb } from './db'

const run = promisify(execFile)

describe('createDb on PGlite', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

  it('close() shuts the cluster down even when no query ran (no postmaster.pid left in the folder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dropwise-db-'))
    dirs.push(dir)
    const db = await createDb({ kind: 'pglite', dataDir: dir })
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(true)
    await db.close()
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false)
  }, 60_000)

  it('starts from a dumped data directory with its rows', async () => {
    const source = await createDb({ kind: 'pglite', dataDir: null })
    await source.kysely.schema.createTable('t').addColumn('v', 'text').execute()
    await source.kysely
      .insertInto('t' as never)
      .values({ v: 'kept' } as never)
      .execute()
    const tar = await source.dumpDataDir!()
    await source.close()
    const copy = await createDb({ kind: 'pglite', dataDir: null, loadDataDir: tar })
    try {
      expect(
        await copy.kysely
          .selectFrom('t' as never)
          .selectAll()
          .execute(),
      ).toEqual([{ v: 'kept' }])
    } finally {
      await copy.close()
    }
  }, 60_000)
})

// The embedded engine's writes failing (a full disk): a data file that cannot grow fails that statement and
// the next goes through; a WAL write that fails is a PANIC, after which PGlite's next statement would spin
// forever on its thread (the whole process frozen): instead every query fails at once and close() returns.
// In a child process (testing/pglite-full-disk.ts), so that a freeze is a timeout here, not a hung test run.
describe('createDb on PGlite with a full disk', () => {
  it('survives a data file that cannot grow, and stops cleanly (503, no freeze) after a failed WAL write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dropwise-db-full-'))
    try {
      const script = fileURLToPath(new URL('../testing/pglite-full-disk.ts', import.meta.url))
      const { stdout } = await run(process.execPath, ['--import', import.meta.resolve('tsx'), script, dir], { timeout: 45_000 })
      const outcome = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>
      expect(outcome).toMatchObject({
        grow: { code: '53100', unavailable: true },
        afterGrow: 'ok',
        wal: { code: '53100', severity: 'PANIC', unavailable: true },
        afterPanic: { code: '57P02', unavailable: true },
        closed: true,
      })
      expect(outcome.afterPanicMs).toBeLessThan(1000)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

// A PostgreSQL connection that fails on its own (pg_terminate_backend, an idle reaper, a restart) must
// not end the process: the pool drops it and the next query opens a new one. Only this test's own
// connections are terminated (found by their application_name).
describe.skipIf(!process.env.TEST_DATABASE_URL)('createDb on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL as string
  it('survives its connections being terminated, idle and inside a transaction', async () => {
    const name = `dropwise_term_${randomBytes(4).toString('hex')}`
    const own = new URL(url)
    own.searchParams.set('application_name', name)
    const errors: Error[] = []
    const db = await createDb({ kind: 'postgres', url: own.toString(), poolSize: 3, onConnectionError: (err) => errors.push(err) })
    const admin = await createDb({ kind: 'postgres', url, poolSize: 1 })
    try {
      await Promise.all([1, 2].map(() => sql`select pg_sleep(0.05)`.execute(db.kysely)))
      let entered = () => {}
      const inside = new Promise<void>((resolve) => (entered = resolve))
      const held = db.kysely.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx)
        entered()
        await new Promise((r) => setTimeout(r, 400))
        await sql`select 1`.execute(trx)
      })
      await inside
      const pids = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${name}`.execute(admin.kysely)
      // One idle in the pool and the one inside the transaction (at least).
      expect(pids.rows.length).toBeGreaterThanOrEqual(2)
      for (const { pid } of pids.rows) await sql`select pg_terminate_backend(${pid}::int)`.execute(admin.kysely)
      const failure = await held.then(
        () => null,
        (err: unknown) => err,
      )
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true)
      await new Promise((r) => setTimeout(r, 100))
      expect(errors.length, 'each failed connection was heard').toBeGreaterThanOrEqual(pids.rows.length)
      const again = await sql<{ one: number }>`select 1 as one`.execute(db.kysely)
      expect(again.rows).toEqual([{ one: 1 }])
    } finally {
      await db.close()
      await admin.close()
    }
  }, 30_000)
})
