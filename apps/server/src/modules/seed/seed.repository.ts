import { NO_END_MS } from '@dropwise/schemas'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database'
import type { Db } from '../../db/db'
import { insertDropInfos, upsertItems, upsertPeriods, upsertStages, upsertZones } from './reference-writes.repository'
import type { SeedBundle } from './seed-files'
import { writeOperators } from '../operators/operators.repository'

type Trx = Transaction<Database>

// Rows travel as one jsonb parameter and are expanded server-side: one round trip per table,
// parameterised, and the same SQL on PGlite and PostgreSQL.
const CHUNK = 5000
const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK))
const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`

const SEED_LOCK = 0x53_45_45_44

export const createSeedRepository = (db: Db) => ({
  /** Runs `work` in one transaction holding the seed lock, so concurrent starts load the seed once. */
  inLock: <T>(work: (trx: Trx) => Promise<T>) =>
    db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
      return work(trx)
    }),

  property: async (trx: Trx, key: string) => (await trx.selectFrom('properties').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null,

  setProperty: (trx: Trx, key: string, value: unknown, now: number) =>
    trx
      .insertInto('properties')
      .values({ key, value: JSON.stringify(value), updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
      .execute(),

  setPropertyIfAbsent: (trx: Trx, key: string, value: unknown, now: number) =>
    trx
      .insertInto('properties')
      .values({ key, value: JSON.stringify(value), updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute(),

  /** Replaces the seed-owned reference data; items, zones and stages are upserted (reports refer to them). */
  async writeReference(trx: Trx, seed: SeedBundle) {
    await upsertItems(trx, seed.items)
    await upsertZones(trx, seed.zones)
    await upsertStages(trx, seed.stages)
    await trx.deleteFrom('drop_infos').execute()
    await insertDropInfos(trx, seed.dropInfos)

    await trx.deleteFrom('formulas').execute()
    if (seed.formulas.length > 0) {
      await trx
        .insertInto('formulas')
        .values(seed.formulas.map((f, i) => ({ item_id: f.id, sort_order: i, body: JSON.stringify(f) })))
        .execute()
    }

    await trx.deleteFrom('periods').execute()
    await upsertPeriods(trx, seed.periods)

    const noticeCount = await trx
      .selectFrom('notices')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    if (noticeCount.n === 0 && seed.notices.length > 0) {
      await trx
        .insertInto('notices')
        .values(
          seed.notices.map((n) => ({
            notice_id: n.id,
            existence: JSON.stringify(n.existence),
            severity: n.severity,
            content_i18n: JSON.stringify(n.content_i18n),
          })),
        )
        .execute()
    }
  },

  /** Replaces the operators and the level table (issue 39). */
  writeOperators,

  /** Replaces the imported matrix baselines of every server in the seed. */
  async writeBaselines(trx: Trx, seed: SeedBundle) {
    await trx.deleteFrom('matrix_baselines').execute()
    for (const m of seed.matrices) {
      for (const part of chunks(m.rows)) {
        await sql`
          insert into matrix_baselines (server, stage_id, item_id, times, quantity, std_dev, start_at, end_at, source)
          select ${m.server}, x->>0, x->>1, (x->>2)::bigint, (x->>3)::bigint, (x->>4)::float8, (x->>5)::bigint,
                 coalesce((x->>6)::bigint, ${NO_END_MS}::bigint), ${m.source}
          from jsonb_array_elements(${json(part)}) as x`.execute(trx)
      }
    }
  },
})
export type SeedRepository = ReturnType<typeof createSeedRepository>
