import { defineModule, underV2 } from '../module'
import { basisRoutes } from './basis.routes'
import { createMatrixRepository } from './matrix.repository'
import { matrixRoutes } from './matrix.routes'
import { createMatrixService, type MatrixService } from './matrix.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Drop matrices (`warm` at start, read by the planner, efficiency, share and exports). */
    matrix: MatrixService
  }
}

/** The drop matrix and the sample basis (api-v2 §8.1, docs/api-extensions.md §3g). */
export const matrixModule = defineModule(
  'matrix',
  async (app, { db, clock, answers }) => {
    const { catalog, accounts } = app
    const matrix = createMatrixService({ repository: createMatrixRepository(db), catalog, accounts, version: answers, clock })
    app.decorate('matrix', matrix)
    await underV2(
      app,
      async (v2) => {
        await v2.register(basisRoutes, { matrix })
        await v2.register(matrixRoutes, { matrix, identityGuard: app.identity.guard })
      },
      catalog.servedDataVersion,
    )
  },
  ['catalog', 'accounts'],
)
