import { defineModule, underV2 } from '../module'
import { createOperatorsRepository } from './operators.repository'
import { operatorsRoutes } from './operators.routes'
import { createOperatorsService } from './operators.service'

/**
 * Operators and their goals (docs/api-extensions.md §3l), following the catalog's game-data version (issue 39):
 * the catalog's snapshot is brought up first, so the version is the one every other v2 answer names.
 */
export const operatorsModule = defineModule(
  'operators',
  async (app, { db, clock }) => {
    const { catalog } = app
    const operators = createOperatorsService({
      repository: createOperatorsRepository(db),
      dataVersion: async () => {
        await catalog.snapshotTime()
        return catalog.servedDataVersion()
      },
      clock,
    })
    await underV2(app, (v2) => v2.register(operatorsRoutes, { operators }), catalog.servedDataVersion)
  },
  ['catalog'],
)
