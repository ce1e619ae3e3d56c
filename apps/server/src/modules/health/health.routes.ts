import { operation } from '../../lib/operation-doc'
import { BinInfoSchema, HealthSchema, type BinInfo } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { HealthService } from './health.service'

/**
 * Operations endpoints outside the v2 base (api-v2.md §4). Health says what serves: the database is
 * required (down → 503), Redis only accelerates (down → "degraded", still 200: writes fall back).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService; binInfo: BinInfo }> = async (app, { health, binInfo }) => {
  app.get(
    '/api/_/health',
    {
      schema: {
        ...operation({ operationId: 'getHealth', access: 'anonymous' }),
        tags: ['operations'],
        summary: 'Whether the server can serve: database and Redis',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_req, reply) => {
      const body = await health.check()
      reply.header('Cache-Control', 'no-store')
      return reply.code(body.status === 'down' ? 503 : 200).send(body)
    },
  )
  app.get(
    '/api/_/bininfo',
    {
      schema: {
        ...operation({ operationId: 'getBinInfo', access: 'anonymous' }),
        tags: ['operations'],
        summary: 'Version and build of this server',
        response: { 200: BinInfoSchema },
      },
    },
    async () => binInfo,
  )
}
