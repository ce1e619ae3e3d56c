import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import type { Db } from '../../db/db'
import { randomAlnum } from '../../lib/ids'
import { createBudget } from '../../lib/limits'
import { createDefectsRepository } from './defects.repository'
import type { DefectByteBudgets } from './defects.routes'
import { createDefectsService, formatBytes, type DefectsService } from './defects.service'

const MB = 1024 * 1024
const DAY_MS = 24 * 60 * 60 * 1000

/** How much recognition defect reports may take (README: the `DEFECT_*` settings). */
export interface DefectLimits {
  /** Bytes an address may send to the defect routes per hour and per day (screenshots and reports). */
  bytesPerHour: number
  bytesPerDay: number
  /** Bytes every stored defect may take together. */
  totalBytes: number
  /** How long a defect is kept. */
  retentionMs: number
  /** Time between two purges of expired defects. */
  purgeIntervalMs: number
}

/**
 * Defaults no honest player reaches: a defect report is a player flagging one wrong recognition (one
 * screenshot of 0.5-5 MB); 100 MB an hour is 20 or more of them, 300 MB a day 60 or more. In total 2 GB,
 * kept 30 days, purged hourly.
 */
export const DEFAULT_DEFECT_LIMITS: DefectLimits = {
  bytesPerHour: 100 * MB,
  bytesPerDay: 300 * MB,
  totalBytes: 2048 * MB,
  retentionMs: 30 * DAY_MS,
  purgeIntervalMs: 60 * 60 * 1000,
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Recognition defect reports (tests drive `purge` themselves). */
    defects: DefectsService
  }
}

/**
 * Builds the defects service with its storage limits and the per-address byte budgets (in Redis when
 * configured, like the write budget), and, with `background`, purges expired defects at start and then
 * every `purgeIntervalMs` (the timer stops when the app closes).
 */
export const wireDefects = (
  app: FastifyInstance,
  deps: { db: Db; clock: () => number; redis: Redis | null; limits?: Partial<DefectLimits>; background: boolean; databaseReady?: Promise<void> },
): { defects: DefectsService; bytes: DefectByteBudgets } => {
  const limits = { ...DEFAULT_DEFECT_LIMITS, ...deps.limits }
  const retryAfterS = Math.max(1, Math.ceil(limits.purgeIntervalMs / 1000))
  const defects = createDefectsService({
    defects: createDefectsRepository(deps.db),
    clock: deps.clock,
    randomAlnum,
    limits: { totalBytes: limits.totalBytes, retentionMs: limits.retentionMs, retryAfterS },
  })
  const bytes = {
    hour: createBudget({
      name: 'defect-bytes-hour',
      points: limits.bytesPerHour,
      durationSec: 3600,
      redis: deps.redis,
      message: `too many defect report bytes from this address (at most ${formatBytes(limits.bytesPerHour)} an hour)`,
    }),
    day: createBudget({
      name: 'defect-bytes-day',
      points: limits.bytesPerDay,
      durationSec: 86_400,
      redis: deps.redis,
      message: `too many defect report bytes from this address (at most ${formatBytes(limits.bytesPerDay)} a day)`,
    }),
  }
  app.decorate('defects', defects)
  if (deps.background) {
    const purge = () =>
      void defects
        .purge()
        .then((deleted) => deleted > 0 && app.log.info({ deleted }, 'expired defect reports purged'))
        .catch((err: unknown) => app.log.warn({ err }, 'defect purge failed'))
    const timer = setInterval(purge, limits.purgeIntervalMs)
    timer.unref()
    // Not before the database is migrated (the server may listen before it: plugins/database-gate.ts).
    app.addHook('onReady', async () => void (deps.databaseReady ?? Promise.resolve()).then(purge))
    app.addHook('onClose', async () => clearInterval(timer))
  }
  return { defects, bytes }
}
