import { invalidRequest } from '../../lib/errors'
import type { AccountsRepository } from './accounts.repository'

export const createAccountsService = ({ accounts }: { accounts: AccountsRepository }) => ({
  /** The account behind a PenguinID, for endpoints that require one (400 otherwise, §2.3). */
  async require(penguinId: string | null) {
    if (!penguinId) throw invalidRequest('PenguinID not found in request')
    const account = await accounts.findByPenguinId(penguinId)
    if (!account) throw invalidRequest('PenguinID is invalid')
    return account
  },
})
export type AccountsService = ReturnType<typeof createAccountsService>
