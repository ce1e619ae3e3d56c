import type { Db } from '../../plugins/db'

export const createAccountsRepository = (db: Db) => ({
  findByPenguinId: (penguinId: string) =>
    db.kysely.selectFrom('accounts').select(['account_id', 'penguin_id']).where('penguin_id', '=', penguinId).executeTakeFirst(),
})
export type AccountsRepository = ReturnType<typeof createAccountsRepository>
