import { randomInt } from 'node:crypto'
import { defineModule, underV2 } from '../module'
import { createAccountsRepository } from './accounts.repository'
import { accountsRoutes } from './accounts.routes'
import { createAccountsService, type AccountsService } from './accounts.service'
import { createIdentityGuard, type IdentityGuard } from './identity-guard'
import { createIdentityProofs, type IdentityProofs } from './identity-proof'
import { createIdentitySecretRepository } from './identity-secret.repository'
import { createVouchStore } from './vouches.store'

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService
    /** The identity guard of personal routes and the PenguinID proofs (docs/api-extensions.md §4). */
    identity: { guard: IdentityGuard; proofs: IdentityProofs }
  }
}

/** Accounts and identities: the login route, and the guard every personal route reads a PenguinID through. */
export const accountsModule = defineModule(
  'accounts',
  async (app, { db, clock, redis, budgets, options }) => {
    const accounts = createAccountsService({ accounts: createAccountsRepository(db), clock, randomInt: (max) => randomInt(max), vouches: createVouchStore(redis, clock) })
    // PenguinID proofs: the operator's IDENTITY_SECRET, else one shared through the database.
    const proofs = createIdentityProofs({ secret: options.identitySecret, loadSecret: createIdentitySecretRepository(db, clock).secret })
    const identityGuard = createIdentityGuard({ accounts, budget: budgets.identity, proofs })
    app.decorate('accounts', accounts)
    app.decorate('identity', { guard: identityGuard, proofs })
    await underV2(app, (v2) => v2.register(accountsRoutes, { accounts, identityGuard, proofs }), app.catalog.servedDataVersion)
  },
  ['catalog'],
)
