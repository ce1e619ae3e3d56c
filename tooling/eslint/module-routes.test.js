import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { dropwisePlugin } from './local-rules.js'

RuleTester.describe = describe
RuleTester.it = it
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const at = (p) => path.join(repo, p)
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } })
const route = { messageId: 'route' }
const routesImport = { messageId: 'routesImport' }
const GET = "app.get('/items', { schema: { tags } }, async () => [])"

tester.run('module-routes', dropwisePlugin.rules['module-routes'], {
  valid: [
    // A module's routes file registers routes; its module plugin imports it.
    { filename: at('apps/server/src/modules/catalog/catalog.routes.ts'), code: GET },
    { filename: at('apps/server/src/modules/ops/ops.routes.ts'), code: 'guarded.delete(`${OPS_PREFIX}/notices/:noticeId`, { schema }, handler)' },
    { filename: at('apps/server/src/modules/catalog/catalog.module.ts'), code: "import { catalogRoutes } from './catalog.routes'" },
    { filename: at('apps/server/src/modules/matrix/matrix.module.ts'), code: "import { basisRoutes } from './basis.routes'" },
    // The web app's pages (an infrastructure plugin), tests, type-only imports.
    { filename: at('apps/server/src/plugins/web.ts'), code: 'app.get(path, { schema: { hide: true } }, handler)' },
    { filename: at('apps/server/src/plugins/json-limits.test.ts'), code: GET },
    { filename: at('apps/server/src/modules/reports/redis-outage.test.ts'), code: "import { healthRoutes } from '../health/health.routes'" },
    { filename: at('apps/server/src/modules/defects/defects.wire.ts'), code: "import type { DefectByteBudgets } from './defects.routes'" },
    // Not routes: a cache's get, a map's get, a key built from a template.
    { filename: at('apps/server/src/modules/results/patterns.service.ts'), code: 'cache.get(`${server}|${category}`, async () => 1)' },
    { filename: at('apps/server/src/app.ts'), code: "const x = map.get('/items')" },
    { filename: at('apps/web/src/lib/api.ts'), code: GET },
  ],
  invalid: [
    // A route in app.ts, in a plugin, in a service, in a module's other files.
    { filename: at('apps/server/src/app.ts'), code: GET, errors: [route] },
    { filename: at('apps/server/src/plugins/compat.ts'), code: "app.route({ method: 'GET', url: '/x', handler })", errors: [route] },
    { filename: at('apps/server/src/modules/catalog/catalog.service.ts'), code: "v2.post('/items', async () => [])", errors: [route] },
    { filename: at('apps/server/src/modules/catalog/catalog.module.ts'), code: GET, errors: [route] },
    { filename: at('apps/server/src/modules/ops/ops.wire.ts'), code: 'scope.put(`${OPS_PREFIX}/about`, handler)', errors: [route] },
    { filename: at('apps/server/src/modules/items.routes.ts'), code: GET, errors: [route] },
    // A routes file imported by anything but its own module's plugin.
    { filename: at('apps/server/src/app.ts'), code: "import { catalogRoutes } from './modules/catalog/catalog.routes'", errors: [routesImport] },
    { filename: at('apps/server/src/modules/share/share.module.ts'), code: "import { catalogRoutes } from '../catalog/catalog.routes'", errors: [routesImport] },
    { filename: at('apps/server/src/modules/matrix/matrix.routes.ts'), code: "import { basisRoutes } from './basis.routes'", errors: [routesImport] },
    { filename: at('apps/server/src/modules/game-data/game-data.wire.ts'), code: "export { gameDataRoutes } from './game-data.routes'", errors: [routesImport] },
  ],
})
