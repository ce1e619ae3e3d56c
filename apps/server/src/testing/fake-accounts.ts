import type { AccountsRepository } from '../modules/accounts/accounts.repository'
import { createAccountsService } from '../modules/accounts/accounts.service'

/** The real accounts service over accounts held in memory (PenguinID → account id). */
export const fakeAccounts = (known: Record<string, number>) => {
  const accounts: Record<string, number> = { ...known }
  let next = Math.max(0, ...Object.values(accounts)) + 1
  const repository: AccountsRepository = {
    findByPenguinId: async (penguinId) => (penguinId in accounts ? { account_id: accounts[penguinId]!, penguin_id: penguinId } : undefined),
    insert: async (penguinId) => {
      if (penguinId in accounts) return undefined
      accounts[penguinId] = next++
      return { account_id: accounts[penguinId], penguin_id: penguinId }
    },
    deleteUnused: async (accountId) => {
      const id = Object.keys(accounts).find((k) => accounts[k] === accountId)
      if (id === undefined) return false
      delete accounts[id]
      return true
    },
  }
  let n = 0
  return createAccountsService({ accounts: repository, clock: () => 0, randomInt: (max) => (n++ * 7919) % max })
}
