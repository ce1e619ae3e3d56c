import { defineModule, underV2 } from '../module'
import { shareRoutes } from './share.routes'
import { createShareService } from './share.service'

/** Short links and the matrix export (docs/api-extensions.md §3b). */
export const shareModule = defineModule(
  'share',
  async (app, { clock }) => {
    const { catalog, matrix } = app
    const share = createShareService({ catalog, matrix, clock })
    await underV2(app, (v2) => v2.register(shareRoutes, { share }), catalog.servedDataVersion)
  },
  ['catalog', 'matrix'],
)
