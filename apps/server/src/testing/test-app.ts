import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { buildApp, type App, type AppOptions } from '../app'
import { prepareDatabase } from '../bootstrap'
import { createDb, type Db } from '../db/db'
import { SEED_DIR, seededSnapshot } from './seeded-database'

export { SEED_DIR }

export const SHARED_DATA_DIR = fileURLToPath(new URL('../../../../../shared/data', import.meta.url))

export interface DbTarget {
  name: 'pglite' | 'postgres'
  url?: string
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dbTargets = (): DbTarget[] => {
  const url = process.env.TEST_DATABASE_URL
  return [{ name: 'pglite' }, ...(url ? [{ name: 'postgres' as const, url }] : [])]
}

export interface TestContext {
  app: App
  db: Db
  close: () => Promise<void>
}

/**
 * A real app over a real, freshly migrated and seeded database. On PostgreSQL each context gets its own
 * schema (dropped on close) so test files can run in parallel against one server.
 */
export const createTestContext = async (target: DbTarget, opts: { clock?: () => number; app?: Partial<AppOptions> } = {}): Promise<TestContext> => {
  let db: Db
  let cleanup = async () => {}
  if (target.name === 'postgres' && target.url) {
    const schema = `test_${randomBytes(6).toString('hex')}`
    const admin = await createDb({ kind: 'postgres', url: target.url, poolSize: 1 })
    await sql.raw(`create schema ${schema}`).execute(admin.kysely)
    const url = new URL(target.url)
    url.searchParams.set('options', `-c search_path=${schema}`)
    db = await createDb({ kind: 'postgres', url: url.toString(), poolSize: 4 })
    cleanup = async () => {
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.kysely)
      await admin.close()
    }
  } else {
    db = await createDb({ kind: 'pglite', dataDir: null, loadDataDir: await seededSnapshot() })
  }
  // On a loaded snapshot this finds every migration applied and the seed in place: a few queries.
  await prepareDatabase(db, SEED_DIR)
  const app = await buildApp({ db, ...(opts.clock ? { clock: opts.clock } : {}), webDist: null, ...opts.app })
  await app.ready()
  return {
    app,
    db,
    close: async () => {
      await app.close()
      await db.close()
      await cleanup()
    },
  }
}
