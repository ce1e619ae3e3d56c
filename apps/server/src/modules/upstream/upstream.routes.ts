import { ServerSchema, UpstreamStatusSchema } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { OpsAuth } from '../../lib/ops-auth'
import type { UpstreamService } from './upstream.service'

const RoundSchema = z
  .object({
    results: z.array(z.object({ server: ServerSchema, outcome: z.enum(['applied', 'unchanged', 'refused', 'failed']), reason: z.string().nullable() })),
    status: UpstreamStatusSchema,
  })
  .meta({ id: 'UpstreamRound' })

/** `GET /api/_/upstream` (public: what health says under `upstream`) and `POST /api/_/upstream/sync` (operators). */
export const upstreamRoutes: FastifyPluginAsyncZod<{ upstream: UpstreamService; opsAuth: OpsAuth }> = async (app, { upstream, opsAuth }) => {
  app.get(
    '/api/_/upstream',
    {
      schema: {
        tags: ['operations'],
        summary: 'The Penguin-compatible upstream the matrices stand on (UPSTREAM_API): per server its answer in effect and the last outcome',
        response: { 200: UpstreamStatusSchema },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store')
      return upstream.status()
    },
  )
  app.post(
    '/api/_/upstream/sync',
    {
      onRequest: opsAuth.check,
      schema: { tags: ['operations'], summary: 'Fetches, checks and applies the upstream’s four matrices now', response: { 200: RoundSchema } },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store')
      const results = await upstream.sync()
      return { results, status: await upstream.status() }
    },
  )
}
