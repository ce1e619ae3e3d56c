import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { Db } from './db'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url))

// Any constant works; it only has to be the same for every process of this app.
const MIGRATION_LOCK = 0x44_52_4f_50

/**
 * Applies the numbered SQL files in apps/server/migrations that are not yet recorded, in order, in one
 * transaction under an advisory lock, so several processes starting together migrate once.
 * Returns the versions applied now.
 */
export const migrate = async (db: Db, dir = MIGRATIONS_DIR): Promise<string[]> => {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f)).sort()
  return db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx)
    await sql`create table if not exists schema_migrations (version text primary key, applied_at bigint not null)`.execute(trx)
    const done = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version))
    const applied: string[] = []
    for (const file of files) {
      const version = file.replace(/\.sql$/, '')
      if (done.has(version)) continue
      await sql.raw(await readFile(`${dir}/${file}`, 'utf8')).execute(trx)
      await trx.insertInto('schema_migrations').values({ version, applied_at: Date.now() }).execute()
      applied.push(version)
    }
    return applied
  })
}
