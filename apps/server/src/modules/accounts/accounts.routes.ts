import { ApiErrorSchema } from '@dropwise/schemas'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { setNoStore } from '../../lib/http-cache'
import { budgetKey, type Budget } from '../../lib/limits'
import type { AccountsService } from './accounts.service'
import { announcePenguinId } from './penguin-id-cookie'

/** `POST /users`: log in with a PenguinID sent as text/plain (api-v2.md §6.9). */
export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; identity: Budget }> = async (app, { accounts, identity }) => {
  // Every login takes a point of the address's identity budget (a guesser cannot try thousands of IDs).
  const takeLogin = async (req: FastifyRequest, reply: FastifyReply) => identity.take(budgetKey(req), 1, reply)
  app.post(
    '/users',
    {
      onRequest: takeLogin,
      schema: {
        tags: ['accounts'],
        summary: 'Log in with a PenguinID (text/plain body)',
        body: z.unknown(),
        response: { 200: z.string().describe('JSON text {"userID": "<id>"} sent as text/plain'), 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : typeof req.body === 'number' ? String(req.body) : ''
      const account = await accounts.login(raw.trim())
      setNoStore(reply)
      announcePenguinId(req, reply, account.penguin_id)
      return reply.type('text/plain; charset=utf-8').send(JSON.stringify({ userID: account.penguin_id }))
    },
  )
}
