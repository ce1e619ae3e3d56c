import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/db'

export const IDENTITY_SECRET_KEY = 'identity.secret'

/**
 * The secret PenguinID proofs are signed with, kept in `properties` so every process on one database
 * signs alike: the first process to ask stores a random 32 bytes, and every later one (here or in another
 * process, racing or not) reads the value that won.
 */
export const createIdentitySecretRepository = (db: Db, clock: () => number) => ({
  secret: async (): Promise<string> => {
    const read = async () => (await db.kysely.selectFrom('properties').select('value').where('key', '=', IDENTITY_SECRET_KEY).executeTakeFirst())?.value
    const found = await read()
    if (typeof found === 'string') return found
    await db.kysely
      .insertInto('properties')
      .values({ key: IDENTITY_SECRET_KEY, value: JSON.stringify(randomBytes(32).toString('base64url')), updated_at: clock() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    const stored = await read()
    if (typeof stored !== 'string') throw new Error('the identity secret could not be stored')
    return stored
  },
})
export type IdentitySecretRepository = ReturnType<typeof createIdentitySecretRepository>
