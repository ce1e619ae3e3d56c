import { ApiErrorSchema, BinInfoSchema, HealthSchema, type BinInfo } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiHttpError } from '../../lib/errors'
import type { Db } from '../../plugins/db'

/** Operations endpoints outside the v2 base (api-v2.md §4). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; binInfo: BinInfo }> = async (app, { db, binInfo }) => {
  app.get(
    '/api/_/health',
    { schema: { tags: ['operations'], response: { 200: HealthSchema, 500: ApiErrorSchema } } },
    async () => {
      try {
        await sql`select 1`.execute(db.kysely)
      } catch {
        throw new ApiHttpError(500, 'INTERNAL_ERROR', 'database unreachable')
      }
      return { status: 'ok' as const }
    },
  )
  app.get('/api/_/bininfo', { schema: { tags: ['operations'], response: { 200: BinInfoSchema } } }, async () => binInfo)
}
