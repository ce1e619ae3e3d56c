import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../db/migrate'
import { createDb, type Db } from '../../db/db'
import { dbTargets, type DbTarget } from '../../testing/test-app'
import { createAggregationRepository } from './aggregation.repository'

/** A migrated database: PGlite in memory, or a schema of its own on PostgreSQL (dropped by `close`). */
const openMigrated = async (target: DbTarget) => {
  if (target.name === 'pglite' || !target.url) {
    const db = await createDb({ kind: 'pglite', dataDir: null })
    await migrate(db)
    return { db, close: () => db.close() }
  }
  const schema = `test_${randomBytes(6).toString('hex')}`
  const admin = await createDb({ kind: 'postgres', url: target.url, poolSize: 1 })
  await sql.raw(`create schema ${schema}`).execute(admin.kysely)
  const url = new URL(target.url)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const db = await createDb({ kind: 'postgres', url: url.toString(), poolSize: 4 })
  await migrate(db)
  return {
    db,
    close: async () => {
      await db.close()
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.kysely)
      await admin.close()
    },
  }
}

describe.each(dbTargets())('aggregation repository on $name', (target) => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openMigrated(target))
  })
  afterAll(async () => close())

  it('runs a pass under the worker lock and bumps the version inside it', async () => {
    const repository = createAggregationRepository(db)
    expect(await repository.readVersion()).toBe(0)
    const outcome = await repository.lockedPass(async (pass) => ({ unverified: (await pass.unverified(10)).length, version: await pass.bumpVersion(7) }))
    expect(outcome).toEqual({ unverified: 0, version: 1 })
    expect(await repository.readVersion()).toBe(1)
  })

  it.runIf(target.name === 'postgres')('skips a pass while another transaction holds the worker lock', async () => {
    const repository = createAggregationRepository(db)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let entered = () => {}
    const inside = new Promise<void>((resolve) => (entered = resolve))
    const first = repository.lockedPass(async () => {
      entered()
      await held
      return 'first'
    })
    await inside
    expect(await repository.lockedPass(async () => 'second')).toBeNull()
    release()
    expect(await first).toBe('first')
    expect(await repository.lockedPass(async () => 'third')).toBe('third')
  })

  it.runIf(target.name === 'postgres')('does not wait on a worker of another schema in the same database', async () => {
    const other = await openMigrated(target)
    let release = () => {}
    try {
      const held = new Promise<void>((resolve) => (release = resolve))
      let entered = () => {}
      const inside = new Promise<void>((resolve) => (entered = resolve))
      const first = createAggregationRepository(other.db).lockedPass(async () => {
        entered()
        await held
        return 'other schema'
      })
      await inside
      expect(await createAggregationRepository(db).lockedPass(async () => 'this schema')).toBe('this schema')
      release()
      expect(await first).toBe('other schema')
    } finally {
      release()
      await other.close()
    }
  })
})
