import { invalidRequest, notFound } from '../../lib/errors'
import type { AccountsRepository } from './accounts.repository'
import { createMemoryVouchStore, type VouchStore } from './vouches.store'

export interface Account {
  account_id: number
  penguin_id: string
}

export interface AccountsServiceDeps {
  accounts: AccountsRepository
  clock: () => number
  /** Random integer in [0, max): new PenguinIDs are 9 digits, zero-padded. */
  randomInt: (max: number) => number
  /** Addresses and the PenguinIDs they have used with success (identity-guard.ts); this process's memory by default. */
  vouches?: VouchStore
}

const CACHE_LIMIT = 200_000
// PenguinIDs are digit strings (opaque, compared exactly); anything else cannot name an account and is
// never sent to the database (a NUL byte, for one, is not even valid PostgreSQL text).
const PLAUSIBLE_ID = /^[0-9A-Za-z_-]{1,64}$/

/**
 * Accounts behind PenguinIDs (api-v2.md §2.3). Accounts are never deleted, so known ids are cached
 * in memory (bounded) and most reports need no account lookup at all.
 */
export const createAccountsService = ({ accounts, clock, randomInt, vouches = createMemoryVouchStore(clock) }: AccountsServiceDeps) => {
  const known = new Map<string, Account>()
  const remember = (a: Account) => {
    if (known.size >= CACHE_LIMIT) known.delete(known.keys().next().value as string)
    known.set(a.penguin_id, a)
    return a
  }
  const find = async (penguinId: string): Promise<Account | null> => {
    if (!PLAUSIBLE_ID.test(penguinId)) return null
    const hit = known.get(penguinId)
    if (hit) return hit
    const row = await accounts.findByPenguinId(penguinId)
    return row ? remember(row) : null
  }
  return {
    find,
    /** The account behind a PenguinID, for endpoints that require one (400 otherwise, §2.3). */
    async require(penguinId: string | null): Promise<Account> {
      if (!penguinId) throw invalidRequest('PenguinID not found in request')
      const account = await find(penguinId)
      if (!account) throw invalidRequest('PenguinID is invalid')
      return account
    },
    /** Login (`POST /users`): the account, or 400 NOT_FOUND. */
    async login(penguinId: string): Promise<Account> {
      const account = penguinId ? await find(penguinId) : null
      if (!account) throw notFound()
      return account
    },
    /**
     * A new account with a fresh 9-digit PenguinID (retried on the rare collision). Callers make it only
     * for a report that is ready to store, and `discard` it when the report is not stored after all.
     */
    async create(ip: string | null): Promise<Account> {
      for (let attempt = 0; attempt < 20; attempt++) {
        const id = String(randomInt(1_000_000_000)).padStart(9, '0')
        const row = await accounts.insert(id, clock(), ip)
        if (row) {
          if (ip) await vouches.add(ip, row.penguin_id)
          return remember(row)
        }
      }
      throw new Error('could not allocate a PenguinID')
    },
    /** Deletes an account just made for a request that stored nothing (it holds no report). */
    async discard(account: Account, ip: string | null): Promise<void> {
      if (!(await accounts.deleteUnused(account.account_id))) return
      known.delete(account.penguin_id)
      if (ip) await vouches.remove(ip, account.penguin_id)
    },
    /** Whether `address` has used `penguinId` with success lately (then others' guesses never limit it). */
    vouched: (address: string, penguinId: string) => vouches.has(address, penguinId),
    vouch: (address: string, penguinId: string) => vouches.add(address, penguinId),
  }
}
export type AccountsService = ReturnType<typeof createAccountsService>
