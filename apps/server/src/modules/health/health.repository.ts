import { sql } from 'kysely'
import type { Db } from '../../db/db'

export const createHealthRepository = (db: Db) => ({
  /** Resolves when the database answers a query. */
  ping: async () => {
    await sql`select 1`.execute(db.kysely)
  },
})
export type HealthRepository = ReturnType<typeof createHealthRepository>
