import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema, operatorsListResponseSchema, operatorsPlanRequestSchema, operatorsPlanResponseSchema, ServerQuerySchema } from '@dropwise/schemas'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { CachedBody } from '../catalog/catalog.service'
import { etagMatches, sendJson, setPublicCache } from '../../lib/http-cache'
import type { OperatorsService } from './operators.service'

/**
 * Operators (issue 39, docs/api-extensions.md §3l): `GET /operators?server=` lists the operators released on a
 * server with the level table (public cache, revalidated by an ETag that follows the game-data version), and
 * `POST /planner/operators` sums what raising operators from one state to another costs.
 */
// A cache revalidating the list it holds: 304 while the version and the body are the same.
const cached = (req: FastifyRequest, reply: FastifyReply, { body, builtAt, etag }: CachedBody) => {
  setPublicCache(reply, builtAt, etag)
  if (etag && etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send()
  return sendJson(reply, body)
}

export const operatorsRoutes: FastifyPluginAsyncZod<{ operators: OperatorsService }> = async (app, { operators }) => {
  app.get(
    '/operators',
    {
      schema: {
        ...operation({ operationId: 'getOperators', access: 'anonymous', revalidated: true, ok: 'The server’s operators, their costs, the level table.' }),
        tags: ['reference data'],
        summary: 'Operators and what raising them costs',
        querystring: ServerQuerySchema,
        response: { 200: operatorsListResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => cached(req, reply, await operators.list(req.query.server)),
  )

  app.post(
    '/planner/operators',
    {
      schema: {
        ...operation({ operationId: 'planOperators', access: 'anonymous', description: 'A goal that cannot be reached is a 400 naming it (§3l).' }),
        tags: ['planner'],
        summary: 'Materials, LMD and EXP of operator goals',
        body: operatorsPlanRequestSchema,
        response: { 200: operatorsPlanResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (req) => operators.plan(req.body),
  )
}
