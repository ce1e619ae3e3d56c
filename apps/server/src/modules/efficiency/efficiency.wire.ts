import type { HighsRuntime } from '@dropwise/planner'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/db'
import type { DataVersion } from '../../lib/data-version'
import type { CatalogService } from '../catalog/catalog.service'
import type { MatrixService } from '../matrix/matrix.service'
import { createEfficiencyRepository } from './efficiency.repository'
import { createEfficiencyService } from './efficiency.service'

interface EfficiencyWiring {
  db: Db
  catalog: CatalogService
  matrix: MatrixService
  version: DataVersion
  clock: () => number
  loadHighs: () => Promise<HighsRuntime>
  log: FastifyBaseLogger
}

/** The farming guide's service, its last answers kept in the database across restarts. */
export const wireEfficiency = ({ db, log, ...deps }: EfficiencyWiring) =>
  createEfficiencyService({
    ...deps,
    timer: () => performance.now(),
    store: createEfficiencyRepository(db),
    onStoreError: (err) => log.warn({ err }, 'efficiency: a stored answer was not read or written'),
  })
