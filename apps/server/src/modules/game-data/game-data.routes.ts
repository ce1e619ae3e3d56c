import { operation } from '../../lib/operation-doc'
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
        ...operation({ operationId: 'getDataVersions', access: 'anonymous' }),
        tags: ['operations'],
        summary: 'The game-data versions: the current one, the last sync and every recorded version',
        // `limit=0`: only the current version and the last sync (the home page's "game data as of", a few KB).
        querystring: z.object({ limit: z.coerce.number().int().min(0).max(100).optional().describe('how many recorded versions to list, newest first (default 100)') }),
        response: { 200: DataVersionsSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store')
      return gameData.versions(req.query.limit)
    },
  )
  app.post(
    '/api/_/data/sync',
    {
      onRequest: opsAuth.check,
      schema: {
        ...operation({
          operationId: 'syncData',
          access: 'opsToken',
          description:
            'Fetches the game-data sources, derives with the importer, verifies and applies what changed as a new version (issue 36); `dryRun=true` writes nothing. A refused update answers 200 with `status.outcome: refused` and the reason.',
        }),
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
