import { sql } from 'kysely'
import type { Db } from '../../db/db'

/** The probe's stored totals: one JSON value in `properties`. */
export const createProbeRepository = (db: Db) => ({
  /** Replaces the stored value with `next(stored)` under a row lock, so processes flushing at once add up. */
  update: async <T>(key: string, next: (stored: T | undefined) => T, updatedAt: () => number) => {
    await db.kysely.transaction().execute(async (trx) => {
      const row = await sql<{ value: T }>`select value from properties where key = ${key} for update`.execute(trx)
      const value = next(row.rows[0]?.value)
      await sql`
        insert into properties (key, value, updated_at) values (${key}, ${JSON.stringify(value)}::jsonb, ${updatedAt()})
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`.execute(trx)
    })
  },

  read: async <T>(key: string): Promise<T | undefined> => {
    const row = await db.kysely.selectFrom('properties').select('value').where('key', '=', key).executeTakeFirst()
    return row?.value as T | undefined
  },
})
export type ProbeRepository = ReturnType<typeof createProbeRepository>
