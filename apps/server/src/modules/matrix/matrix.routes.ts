import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema, CategorySchema, MatrixQuerySchema, MatrixResponseSchema, ResultSourceSchema, ServerSchema, type Category, type Server } from '@dropwise/schemas'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { acceptsGzip } from '../../lib/content-encoding'
import { sendJson, setPrivate, setPublicCache } from '../../lib/http-cache'
import { penguinIdOf } from '../accounts/identity'
import type { IdentityGuard } from '../accounts/identity-guard'
import type { MatrixAnswer, MatrixService } from './matrix.service'

const tags = ['results']

const send = (req: FastifyRequest, reply: FastifyReply, answer: MatrixAnswer) => {
  if (answer.personal) setPrivate(reply)
  else setPublicCache(reply, answer.builtAt)
  reply.header('Vary', 'Accept-Encoding, Origin')
  if (answer.gzip && acceptsGzip(req.headers['accept-encoding'])) {
    return reply.header('Content-Encoding', 'gzip').type('application/json; charset=utf-8').send(answer.gzip)
  }
  return sendJson(reply, answer.body)
}

/** `/result/matrix` and the web client's `/_private/result/matrix/...` (api-v2.md §8.1, §8.5). */
export const matrixRoutes: FastifyPluginAsyncZod<{ matrix: MatrixService; identityGuard: IdentityGuard }> = async (app, { matrix, identityGuard }) => {
  app.get(
    '/result/matrix',
    {
      schema: {
        ...operation({
          operationId: 'getMatrix',
          access: 'penguinIdOptional',
          limited: true,
          description: 'Global by default; `is_personal=true` counts only the caller’s reports and needs a PenguinID (an unknown one takes from the identity budget).',
          ok: 'The matrix: one element per (stage, item) pair with drops in its current period.',
        }),
        tags,
        summary: 'Drop matrix',
        querystring: MatrixQuerySchema,
        response: { 200: MatrixResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      if (req.query.is_personal) await identityGuard(req, reply, penguinIdOf(req))
      return send(req, reply, await matrix.matrix({ ...req.query, showClosed: req.query.show_closed_zones ?? false }, penguinIdOf(req)))
    },
  )
  // The web client's path has an optional last segment: two routes, so the API description needs no
  // optional path parameter (OpenAPI has none).
  const webMatrix = async (req: FastifyRequest, reply: FastifyReply, params: { server: Server; source: string; category?: Category | undefined }) => {
    const { server, source, category } = params
    if (source === 'personal') await identityGuard(req, reply, penguinIdOf(req))
    const answer = await matrix.matrix({ server, category: category ?? 'all', is_personal: source === 'personal', showClosed: true }, penguinIdOf(req))
    return send(req, reply, answer)
  }
  const response = { 200: MatrixResponseSchema, 400: ApiErrorSchema }
  app.get(
    '/_private/result/matrix/:server/:source',
    {
      schema: {
        ...operation({
          operationId: 'getWebMatrix',
          access: 'penguinIdOptional',
          limited: true,
          description: 'The web client’s form of `getMatrix`: closed stages included, `source` `personal` for the caller’s own reports.',
        }),
        tags,
        summary: 'Drop matrix for the web client, category all (closed stages included)',
        params: z.object({ server: ServerSchema, source: ResultSourceSchema }),
        response,
      },
    },
    async (req, reply) => webMatrix(req, reply, req.params),
  )
  app.get(
    '/_private/result/matrix/:server/:source/:category',
    {
      schema: {
        ...operation({
          operationId: 'getWebMatrixByCategory',
          access: 'penguinIdOptional',
          limited: true,
          description: 'The web client’s form of `getMatrix`: closed stages included, `source` `personal` for the caller’s own reports.',
        }),
        tags,
        summary: 'Drop matrix for the web client, one category (closed stages included)',
        params: z.object({ server: ServerSchema, source: ResultSourceSchema, category: CategorySchema }),
        response,
      },
    },
    async (req, reply) => webMatrix(req, reply, req.params),
  )
}
