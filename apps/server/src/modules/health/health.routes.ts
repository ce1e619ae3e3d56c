import { BinInfoSchema, HealthSchema, type BinInfo, type Health } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import type { HealthRepository } from './health.repository'

const CHECK_TIMEOUT_MS = 2000

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())])

/**
 * Operations endpoints outside the v2 base (api-v2.md §4). Health says what serves: the database is
 * required (down → 503), Redis only accelerates (down → "degraded", still 200: writes fall back).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthRepository; redis: Redis | null; binInfo: BinInfo }> = async (
  app,
  { health, redis, binInfo },
) => {
  app.get(
    '/api/_/health',
    { schema: { tags: ['operations'], summary: 'Whether the server can serve: database and Redis', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_req, reply) => {
      const database = await within(health.ping(), CHECK_TIMEOUT_MS).then(
        () => 'ok' as const,
        () => 'down' as const,
      )
      const redisCheck = !redis
        ? ('off' as const)
        : redis.status !== 'ready'
          ? ('down' as const)
          : await within(redis.ping(), CHECK_TIMEOUT_MS).then(
              () => 'ok' as const,
              () => 'down' as const,
            )
      const body: Health = {
        status: database === 'down' ? 'down' : redisCheck === 'down' ? 'degraded' : 'ok',
        checks: { database, redis: redisCheck },
      }
      reply.header('Cache-Control', 'no-store')
      return reply.code(body.status === 'down' ? 503 : 200).send(body)
    },
  )
  app.get('/api/_/bininfo', { schema: { tags: ['operations'], summary: 'Version and build of this server', response: { 200: BinInfoSchema } } }, async () => binInfo)
}
