import type { Db } from '../../db/db'
import type { CatalogService } from '../catalog/catalog.service'
import { createOperatorsRepository } from './operators.repository'
import { createOperatorsService } from './operators.service'

export { operatorsRoutes } from './operators.routes'

/**
 * The operators' service over the database, following the catalog's game-data version (issue 39): the catalog's
 * snapshot is brought up first, so the version is the one every other v2 answer names.
 */
export const wireOperators = ({ db, catalog, clock }: { db: Db; catalog: CatalogService; clock: () => number }) =>
  createOperatorsService({
    repository: createOperatorsRepository(db),
    dataVersion: async () => {
      await catalog.snapshotTime()
      return catalog.servedDataVersion()
    },
    clock,
  })
