import type { Redis } from 'ioredis'
import type { Db } from '../../db/db'
import { createDbIdempotencyStore, createRedisIdempotencyStore, purgeExpiredKeys } from './idempotency.store'

/** Expired idempotency keys are deleted this often, in every process (`skip locked` lets them share it). */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60 * 1000
const PURGE_BATCH = 1000
// At most 50,000 rows a run; a larger backlog waits for the next run.
const PURGE_MAX_BATCHES = 50

export interface IdempotencyWiring {
  db: Db
  redis: Redis | null
  clock: () => number
  onRedisFallback: (err: unknown) => void
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }
}

/**
 * The idempotency keys of `POST /report`: the store (the table, with Redis in front when configured) and
 * the periodic purge of the table (keys live IDEMPOTENCY_TTL_MS, reports.routes.ts), started by
 * `startPurge` in processes that run background work.
 */
export const wireIdempotency = ({ db, redis, clock, onRedisFallback, log }: IdempotencyWiring) => {
  const idempotency = redis ? createRedisIdempotencyStore(db, redis, { onFallback: onRedisFallback }) : createDbIdempotencyStore(db)
  // Between two batches the event loop runs (PGlite executes SQL on this thread).
  const pause = () => new Promise<void>((r) => setImmediate(r))
  const purge = () => purgeExpiredKeys(db, clock(), { batchSize: PURGE_BATCH, maxBatches: PURGE_MAX_BATCHES, pause })
  let timers: NodeJS.Timeout[] = []
  let running: Promise<void> | null = null
  const run = () => {
    running ??= purge()
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted }, 'expired idempotency keys purged')
      })
      .catch((err: unknown) => log.warn({ err }, 'idempotency key purge failed'))
      .finally(() => (running = null))
  }
  return {
    idempotency,
    purge,
    startPurge() {
      timers = [setTimeout(run, 5_000), setInterval(run, IDEMPOTENCY_PURGE_INTERVAL_MS)]
      timers.forEach((t) => t.unref())
    },
    async stopPurge() {
      timers.forEach((t) => clearTimeout(t))
      timers = []
      await running
    },
  }
}
