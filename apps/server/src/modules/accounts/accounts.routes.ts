import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { setNoStore } from '../../lib/http-cache'
import type { AccountsService } from './accounts.service'
import type { IdentityGuard } from './identity-guard'
import type { IdentityProofs } from './identity-proof'
import { announcePenguinId } from './penguin-id-cookie'

/** `POST /users`: log in with a PenguinID sent as text/plain (api-v2.md §6.9). */
export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; identityGuard: IdentityGuard; proofs: IdentityProofs }> = async (
  app,
  { accounts, identityGuard, proofs },
) => {
  app.post(
    '/users',
    {
      schema: {
        ...operation({
          operationId: 'login',
          access: 'anonymous',
          limited: true,
          announcesPenguinId: true,
          description: 'The body is the PenguinID as plain text. Clients log in from the `X-Penguin-Set-PenguinID` header; an unknown ID is 400 `NOT_FOUND`.',
          requestBody: { required: true, content: { 'text/plain': { schema: { type: 'string', description: 'the PenguinID' } } } },
          responses: {
            '200': { description: 'Logged in: the JSON text `{"userID": "<id>"}`, sent as `text/plain`.', content: { 'text/plain': { schema: { type: 'string' } } } },
          },
        }),
        tags: ['accounts'],
        summary: 'Log in with a PenguinID (text/plain body)',
        body: z.unknown(),
        response: { 200: z.string().describe('JSON text {"userID": "<id>"} sent as text/plain'), 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : typeof req.body === 'number' ? String(req.body) : ''
      // A login is an identity answer like any other: a new ID for this address takes a point of its
      // identity budget (given back when it names an account), so a guesser cannot try thousands of IDs.
      await identityGuard(req, reply, raw.trim() || null)
      const account = await accounts.login(raw.trim())
      setNoStore(reply)
      // With the id, its proof: from now on this login is never limited by others' guesses (identity-proof.ts).
      announcePenguinId(req, reply, account.penguin_id, await proofs.key())
      return reply.type('text/plain; charset=utf-8').send(JSON.stringify({ userID: account.penguin_id }))
    },
  )
}
