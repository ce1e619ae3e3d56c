import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDb } from './db'

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
