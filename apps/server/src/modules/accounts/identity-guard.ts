import type { FastifyReply, FastifyRequest } from 'fastify'
import { budgetKey, type Budget } from '../../lib/limits'
import type { AccountsService } from './accounts.service'

/**
 * Personal answers name their account by PenguinID alone, so an address that sends PenguinIDs naming no
 * account is guessing: each such request takes a point of the identity budget, and once the budget is spent
 * every personal request of that address is refused (429) until it refills — a right guess included.
 * A player with a valid ID takes nothing.
 */
export const createIdentityGuard =
  ({ accounts, budget }: { accounts: AccountsService; budget: Budget }) =>
  async (req: FastifyRequest, reply: FastifyReply, penguinId: string | null) => {
    const key = budgetKey(req)
    await budget.check(key, reply)
    if (!penguinId || !(await accounts.find(penguinId))) await budget.take(key, 1, reply)
  }
export type IdentityGuard = ReturnType<typeof createIdentityGuard>
