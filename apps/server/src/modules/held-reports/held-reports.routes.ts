import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema, HeldReportsResponseSchema } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { setPrivate } from '../../lib/http-cache'
import { penguinIdOf } from '../accounts/identity'
import type { IdentityGuard } from '../accounts/identity-guard'
import type { HeldReportsService } from './held-reports.service'

/** `GET /_private/report/held`: the caller's held reports (docs/api-extensions.md, held reports). */
export const heldReportsRoutes: FastifyPluginAsyncZod<{ held: HeldReportsService; identityGuard: IdentityGuard }> = async (app, { held, identityGuard }) => {
  app.get(
    '/_private/report/held',
    {
      schema: {
        ...operation({
          operationId: 'getHeldReports',
          access: 'penguinId',
          limited: true,
          description:
            'The caller’s reports held because the game data did not know their stage or items yet (answered 200 where the public service answers 400): held, released into the statistics once a data version knows them, rejected after 14 days, or recalled (docs/api-extensions.md §3h).',
        }),
        tags: ['reports'],
        summary: 'Your reports held until the game data knows their stage or items (Dropwise extension)',
        response: { 200: HeldReportsResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const penguinId = penguinIdOf(req)
      await identityGuard(req, reply, penguinId)
      setPrivate(reply)
      return { held: await held.list(penguinId) }
    },
  )
}
