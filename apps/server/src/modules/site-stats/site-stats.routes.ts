import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema, ServerQuerySchema, SiteStatsSchema } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendJson, setPublicCache } from '../../lib/http-cache'
import { SIMULATED_RUNS_HEADER } from '../demo/demo-source'
import type { SiteStatsService } from './site-stats.service'

export const siteStatsRoutes: FastifyPluginAsyncZod<{ stats: SiteStatsService }> = async (app, { stats }) => {
  app.get(
    '/stats',
    {
      schema: {
        ...operation({ operationId: 'getSiteStats', access: 'anonymous' }),
        tags: ['results'],
        summary: 'Site statistics',
        querystring: ServerQuerySchema,
        response: { 200: SiteStatsSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const { body, builtAt, simulatedRuns } = await stats.siteStats(req.query.server)
      setPublicCache(reply, builtAt)
      reply.header(SIMULATED_RUNS_HEADER, String(simulatedRuns))
      return sendJson(reply, body)
    },
  )
}
