/**
 * A full disk under the embedded database, in a process of its own (db/db.test.ts runs it with a timeout):
 * writes to the data folder's files fail with ENOSPC while a statement runs. Prints one JSON line: what each
 * statement gave, and whether the database closed.
 */
import fs from 'node:fs'
import { sql } from 'kysely'
import { createDb } from '../db/db'
import { isDatabaseUnavailable } from '../lib/db-unavailable'

const dir = process.argv[2]
if (!dir) throw new Error('usage: pglite-full-disk.ts <empty folder>')
const db = await createDb({ kind: 'pglite', dataDir: dir })
const describeError = (err: unknown) => {
  const e = err as { code?: unknown; severity?: unknown; message?: unknown }
  return { code: e.code, severity: e.severity, message: e.message, unavailable: isDatabaseUnavailable(err) }
}
const full = async (statement: () => Promise<unknown>) => {
  const original = fs.writeSync
  // Files only: the engine's lines on stdout and stderr still go out.
  fs.writeSync = ((fd: number, ...rest: unknown[]) => {
    if (fd > 2) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 })
    return (original as (...a: unknown[]) => number)(fd, ...rest)
  }) as typeof fs.writeSync
  try {
    await statement()
    return 'ok'
  } catch (err) {
    return describeError(err)
  } finally {
    fs.writeSync = original
  }
}
await sql`create table t (v text)`.execute(db.kysely)
// A new table's first row extends its file: that write fails, the statement with it.
const grow = await full(() => sql`insert into t values ('x')`.execute(db.kysely))
const afterGrow = await sql`insert into t values ('first')`.execute(db.kysely).then(
  () => 'ok',
  (err: unknown) => describeError(err),
)
// The page has room now: only the commit's WAL write is left to fail, which PostgreSQL answers with PANIC.
// A statement with parameters, as every write of the app is (PGlite's extended protocol; through the simple
// protocol, a PANIC freezes the engine at once, before any answer).
const wal = await full(() => sql`insert into t values (${'y'})`.execute(db.kysely))
const started = Date.now()
const afterPanic = await sql`select ${1}::int`.execute(db.kysely).then(
  () => 'ok',
  (err: unknown) => describeError(err),
)
const afterPanicMs = Date.now() - started
const closed = await db.close().then(
  () => true,
  () => false,
)
process.stdout.write(`${JSON.stringify({ grow, afterGrow, wal, afterPanic, afterPanicMs, closed })}\n`)
process.exit(0)
