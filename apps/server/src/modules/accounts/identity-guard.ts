import type { FastifyReply, FastifyRequest } from 'fastify'
import { budgetKey, type Budget } from '../../lib/limits'
import type { AccountsService } from './accounts.service'

/**
 * Every route whose answer depends on whether a PenguinID names an account (personal results, a login,
 * a report that would otherwise get a new account) passes the id through here first, so a guesser learns
 * at most one such answer per point of the address's identity budget (docs/api-extensions.md §4):
 *
 * - an id this address has used with success lately (vouches.store.ts) passes at once and takes nothing:
 *   others' guesses from the same address never limit it;
 * - any other id takes a point *before* it is looked up, so once the budget is spent every new id is
 *   refused alike (429), whether it names an account or not; an id that names one gets its point back
 *   and is vouched for from then on.
 *
 * A request without an id names nobody and takes nothing.
 */
export const createIdentityGuard =
  ({ accounts, budget }: { accounts: AccountsService; budget: Budget }) =>
  async (req: FastifyRequest, reply: FastifyReply, penguinId: string | null) => {
    if (!penguinId) return
    const key = budgetKey(req)
    if (await accounts.vouched(key, penguinId)) return
    await budget.take(key, 1, reply, { announce: false })
    if (await accounts.find(penguinId)) {
      await budget.refund(key, 1)
      await accounts.vouch(key, penguinId)
    }
  }
export type IdentityGuard = ReturnType<typeof createIdentityGuard>
