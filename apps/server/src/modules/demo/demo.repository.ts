import type { Db } from '../../db/db'

const KEY = 'demo.simulated'

/**
 * Whether (and how many) demo reports were simulated: one JSON value in `properties`, with `simulating: true`
 * from before the first simulated report is stored until the last one is aggregated.
 */
export const createDemoRepository = (db: Db) => ({
  simulated: async () => {
    const row = await db.kysely.selectFrom('properties').select('value').where('key', '=', KEY).executeTakeFirst()
    return row ? (row.value as { reports: number }) : null
  },

  markSimulated: async (value: { reports: number; source: string; simulatedAt: number; simulating?: true }) => {
    await db.kysely
      .insertInto('properties')
      .values({ key: KEY, value: JSON.stringify(value), updated_at: value.simulatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: value.simulatedAt }))
      .execute()
  },
})
export type DemoRepository = ReturnType<typeof createDemoRepository>
