import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/db'
import type { CatalogService } from '../catalog/catalog.service'
import type { GameDataService } from '../game-data/game-data.service'
import type { MatrixService } from '../matrix/matrix.service'
import type { PatternsService } from '../results/patterns.service'
import type { SiteStatsService } from '../site-stats/site-stats.service'
import { createChangesService } from './changes.service'
import { createExportsRepository } from './exports.repository'
import { createExportsService, type ExportsService } from './exports.service'
import type { ChangesService } from './changes.service'

/** How often a background process checks that today's and the current version's snapshots exist. */
const CHECK_MS = 60_000
/** After start: the matrices warm and the first requests are answered before the first check builds anything. */
const FIRST_CHECK_MS = 30_000
/** After a new game-data version: time for the catalog and the matrices to follow before the snapshot. */
const AFTER_VERSION_MS = 1_000

export interface ExportsWireDeps {
  db: Db
  catalog: CatalogService
  matrix: MatrixService
  patterns: PatternsService
  stats: SiteStatsService
  gameData: GameDataService
  clock: () => number
  background: boolean
  databaseReady?: Promise<void> | undefined
}

/**
 * Open-data snapshots and the changes feed (issue 40 items 2-3; exports.module.ts registers the routes); in a
 * background process, the snapshots are taken 30 s after start, then each UTC day and at each new game-data version.
 */
export const wireExports = async (app: FastifyInstance, deps: ExportsWireDeps): Promise<{ exports: ExportsService; changes: ChangesService }> => {
  const repository = createExportsRepository(deps.db)
  const exports = createExportsService({
    repository,
    catalog: deps.catalog,
    matrix: deps.matrix,
    patterns: deps.patterns,
    stats: deps.stats,
    clock: deps.clock,
    log: { info: (o, m) => app.log.info(o, m), warn: (o, m) => app.log.warn(o, m) },
  })
  const changes = createChangesService({ repository })
  app.decorate('exports', exports)
  if (!deps.background) return { exports, changes }

  let timer: NodeJS.Timeout | null = null
  let closed = false
  const check = () => {
    if (closed) return
    void exports.ensure().catch((err: unknown) => app.log.warn({ err }, 'open-data snapshot failed'))
  }
  const soon = (ms: number) => setTimeout(check, ms).unref()
  deps.gameData.onGameDataVersion(() => soon(AFTER_VERSION_MS))
  app.addHook('onReady', async () => {
    void (deps.databaseReady ?? Promise.resolve()).then(() => {
      if (closed) return
      soon(FIRST_CHECK_MS)
      timer = setInterval(check, CHECK_MS)
      timer.unref()
    })
  })
  app.addHook('preClose', async () => {
    closed = true
    if (timer) clearInterval(timer)
  })
  app.addHook('onClose', async () => exports.idle())
  return { exports, changes }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Open-data snapshots (docs/api-extensions.md §3n). */
    exports: ExportsService
  }
}
