import type { FastifyReply, FastifyRequest } from 'fastify'
import { budgetKey, type Budget } from '../../lib/limits'
import type { AccountsService } from './accounts.service'
import type { IdentityProofs } from './identity-proof'
import { proofHeaders } from './penguin-id-cookie'

/**
 * Every route whose answer depends on whether a PenguinID names an account (personal results, a login,
 * a report that would otherwise get a new account) passes the id through here first, so a guesser learns
 * at most one such answer per point of the address's identity budget (docs/api-extensions.md §4):
 *
 * - an id sent with its proof (identity-proof.ts: what the server gave whoever logged in with it or was
 *   given it) passes at once and takes nothing, from any address, however many guesses came from there;
 * - an id this address has used with success lately (vouches.store.ts) passes at once and takes nothing:
 *   others' guesses from the same address never limit it;
 * - any other id takes a point *before* it is looked up, so once the budget is spent every new id is
 *   refused alike (429), whether it names an account or not; an id that names one gets its point back
 *   and is vouched for from then on. A wrong proof is no proof: the id is treated exactly as without one.
 *
 * A request without an id names nobody and takes nothing.
 */
export const createIdentityGuard = ({ accounts, budget, proofs }: { accounts: AccountsService; budget: Budget; proofs: IdentityProofs }) => {
  return async (req: FastifyRequest, reply: FastifyReply, penguinId: string | null) => {
    if (!penguinId) return
    if (await proofs.held(req, penguinId)) return
    const key = budgetKey(req)
    if (await accounts.vouched(key, penguinId)) return offerProof(req, reply, penguinId)
    await budget.take(key, 1, reply, { announce: false })
    if (await accounts.find(penguinId)) {
      await budget.refund(key, 1)
      await accounts.vouch(key, penguinId)
      await offerProof(req, reply, penguinId)
    }
  }
  /**
   * An id accepted without its proof (a player from before proofs, or one who typed their id on a new
   * device) gets it now, so their next request from a shared address is never limited by others' guesses.
   * Not to another site's page (its credentials are not this site's), and not when the secret cannot be read.
   */
  async function offerProof(req: FastifyRequest, reply: FastifyReply, penguinId: string) {
    if (req.foreignOrigin) return
    try {
      reply.headers(proofHeaders(req, penguinId, await proofs.key()))
    } catch {
      // The proof waits for the next accepted request.
    }
  }
}
export type IdentityGuard = ReturnType<typeof createIdentityGuard>
