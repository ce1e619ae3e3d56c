import type { Db } from '../../db/db'

export const createAccountsRepository = (db: Db) => ({
  findByPenguinId: (penguinId: string) => db.kysely.selectFrom('accounts').select(['account_id', 'penguin_id']).where('penguin_id', '=', penguinId).executeTakeFirst(),
  /** Inserts an account unless the id is taken; returns it when inserted, undefined on a collision. */
  insert: (penguinId: string, createdAt: number, ip: string | null) =>
    db.kysely
      .insertInto('accounts')
      .values({ penguin_id: penguinId, created_at: createdAt, ip })
      .onConflict((oc) => oc.column('penguin_id').doNothing())
      .returning(['account_id', 'penguin_id'])
      .executeTakeFirst(),
  /** Deletes an account that holds no report (one made for a request that was then not stored); true when deleted. */
  deleteUnused: async (accountId: number) => {
    const res = await db.kysely
      .deleteFrom('accounts')
      .where('account_id', '=', accountId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('drop_reports').select('report_id').where('drop_reports.account_id', '=', accountId))))
      .executeTakeFirst()
    return Number(res.numDeletedRows) > 0
  },
})
export type AccountsRepository = ReturnType<typeof createAccountsRepository>
