import type { Health } from '@dropwise/schemas'
import type { Redis } from 'ioredis'
import type { HealthRepository } from './health.repository'

const CHECK_TIMEOUT_MS = 2000

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())])

export interface HealthServiceDeps {
  repository: HealthRepository
  redis: Redis | null
  /** The game data served (issue 36: version, age, last sync). */
  data?: () => Promise<Health['data']>
  /** The game resources' state (recognizer pack, icon sheet), with the operator's hint when players cannot recognise screenshots. */
  assets?: () => Health['assets']
  /** The upstream the matrices stand on (issue 40), when `UPSTREAM_API` is set: since when and why it fails. */
  upstream?: () => Promise<Health['upstream']>
}

/**
 * What serves (api-v2.md §4): the database is required (down → `down`), Redis only accelerates (down →
 * `degraded`: writes fall back). Each check gives up after 2 s.
 */
export const createHealthService = ({ repository, redis, data, assets, upstream }: HealthServiceDeps) => ({
  async check(): Promise<Health> {
    const database = await within(repository.ping(), CHECK_TIMEOUT_MS).then(
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
    const dataState = database === 'ok' && data ? await within(data(), CHECK_TIMEOUT_MS).catch(() => undefined) : undefined
    const upstreamState = database === 'ok' && upstream ? await within(upstream(), CHECK_TIMEOUT_MS).catch(() => undefined) : undefined
    return {
      status: database === 'down' ? 'down' : redisCheck === 'down' ? 'degraded' : 'ok',
      checks: { database, redis: redisCheck },
      ...(dataState ? { data: dataState } : {}),
      ...(assets ? { assets: assets() } : {}),
      ...(upstreamState ? { upstream: upstreamState } : {}),
    }
  },
})
export type HealthService = ReturnType<typeof createHealthService>
