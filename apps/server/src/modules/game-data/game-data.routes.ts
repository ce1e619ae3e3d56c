import { DataSyncResultSchema, DataVersionsSchema } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { OpsAuth } from '../../lib/ops-auth'
import type { GameDataService } from './game-data.service'

/** `GET /api/_/data` (public) and `POST /api/_/data/sync` (operators: `Authorization: Bearer <OPS_TOKEN>`). */
export const gameDataRoutes: FastifyPluginAsyncZod<{ gameData: GameDataService; opsAuth: OpsAuth }> = async (app, { gameData, opsAuth }) => {
  app.get(
    '/api/_/data',
    {
      schema: {
        tags: ['operations'],
        summary: 'The game-data versions: the current one, the last sync and every recorded version',
        response: { 200: DataVersionsSchema },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store')
      return gameData.versions()
    },
  )
  app.post(
    '/api/_/data/sync',
    {
      onRequest: opsAuth.check,
      schema: {
        tags: ['operations'],
        summary: 'Runs a game-data sync now (or a dry run): fetch, derive, verify, apply',
        querystring: z.object({ dryRun: z.enum(['true', 'false', '1', '0']).optional() }),
        response: { 200: DataSyncResultSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store')
      const dryRun = req.query.dryRun === 'true' || req.query.dryRun === '1'
      return gameData.sync({ dryRun })
    },
  )
}
