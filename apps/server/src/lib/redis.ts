import { Redis } from 'ioredis'

export interface RedisLog {
  info: (msg: string) => void
  warn: (obj: { err: unknown }, msg: string) => void
}

/**
 * Redis only accelerates: commands fail at once while it is unreachable (no offline queue) and after 1 s
 * when it stops answering on an open connection (paused, a network partition: a request never hangs on it),
 * and every user of it falls back (idempotency → database, limits → this process's memory) until it returns.
 * `unreachable` logs the fall-back once per change of state (also called by the users that fall back).
 */
/** How long one command may wait for its answer. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000

export const connectRedis = (url: string | undefined, log: RedisLog, opts: { subscriber: boolean }) => {
  const redis = url
    ? new Redis(url, { lazyConnect: false, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: REDIS_COMMAND_TIMEOUT_MS })
    : null
  const subscriber = redis && opts.subscriber ? redis.duplicate() : null
  let logged: 'ready' | 'unreachable' | null = null
  const logState = (state: 'ready' | 'unreachable', err?: unknown) => {
    if (logged === state) return
    logged = state
    if (state === 'ready') log.info('redis ready')
    else log.warn({ err }, 'redis unreachable: idempotency keys fall back to the database, rate limits to this process')
  }
  redis?.on('ready', () => logState('ready'))
  redis?.on('error', (err: unknown) => logState('unreachable', err))
  subscriber?.on('error', () => {})
  return {
    redis,
    subscriber,
    unreachable: (err: unknown) => logState('unreachable', err),
    disconnect: () => {
      subscriber?.disconnect()
      redis?.disconnect()
    },
  }
}
