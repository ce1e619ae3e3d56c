import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { prepareDatabase } from '../bootstrap'
import { createDb, type Db } from '../db/db'
import { createTestContext, SEED_DIR, type TestContext } from './test-app'

/**
 * Every table of the public schema with its row count and a digest of its rows, times left out (`*_at`,
 * epoch milliseconds: when a migration ran or the seed was written differs between the two by design).
 */
const tableDigests = async (db: Db) => {
  const columns = await sql<{ table: string; column: string }>`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = 'public' and data_type not like 'timestamp%' and column_name not like '%\_at'
    and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
    order by table_name, ordinal_position`.execute(db.kysely)
  const byTable = new Map<string, { column: string }[]>()
  for (const c of columns.rows) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c])
  const out: Record<string, string> = {}
  for (const [table, cols] of byTable) {
    const row = sql`row(${sql.join(cols.map((c) => sql.ref(c.column)))})::text`
    const r = await sql<{
      n: number
      digest: string | null
    }>`select count(*)::int as n, md5(string_agg(${row}, '|' order by ${row})) as digest from ${sql.table(table)}`.execute(db.kysely)
    out[table] = `${r.rows[0]!.n}:${r.rows[0]!.digest ?? ''}`
  }
  return out
}

describe('test contexts on PGlite', () => {
  let fresh: Db | undefined
  let ctx: TestContext | undefined
  afterAll(async () => {
    await ctx?.close()
    await fresh?.close()
  })

  it('start from a seeded snapshot holding exactly what migrating and seeding an empty database gives', async () => {
    ctx = await createTestContext({ name: 'pglite' })
    fresh = await createDb({ kind: 'pglite', dataDir: null })
    await prepareDatabase(fresh, SEED_DIR)
    const [loaded, seeded] = await Promise.all([tableDigests(ctx.db), tableDigests(fresh)])
    expect(Object.keys(loaded).length).toBeGreaterThan(5)
    expect(loaded).toEqual(seeded)
  }, 120_000)
})
