import { levelTableSchema, operatorSchema, type LevelTable, type Operator, type SeedOperators } from '@dropwise/schemas'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database'
import type { Db } from '../../db/db'

type Trx = Transaction<Database>

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

/**
 * Replaces every operator and the level table (migration 0012) inside the caller's transaction: the seed load
 * calls it, and so can the game-data sync's apply once it derives operators (`deriveOperators` of the importer).
 */
export const writeOperators = async (trx: Trx, seed: SeedOperators) => {
  await trx.deleteFrom('operators').execute()
  if (seed.operators.length > 0) {
    await sql`
      insert into operators (operator_id, star, body)
      select x->>'id', (x->>'star')::smallint, x
      from jsonb_array_elements(${json(seed.operators)}) as x`.execute(trx)
  }
  await sql`
    insert into operator_levels (id, body) values (1, ${json(seed.levels)})
    on conflict (id) do update set body = excluded.body`.execute(trx)
}

/** Reads the operators and the level table, checked against their schemas: no row leaves this module. */
export const createOperatorsRepository = (db: Db) => ({
  operators: async (): Promise<Operator[]> =>
    (await db.kysely.selectFrom('operators').select('body').orderBy('operator_id').execute()).map((r) => operatorSchema.parse(r.body)),
  /** The level table, or null before a seed with operators was loaded. */
  levels: async (): Promise<LevelTable | null> => {
    const row = await db.kysely.selectFrom('operator_levels').select('body').where('id', '=', 1).executeTakeFirst()
    return row ? levelTableSchema.parse(row.body) : null
  },
})
export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>
