import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { RuleTester } from 'eslint'
import { describe, it } from 'vitest'
import { dropwisePlugin } from './local-rules.js'

RuleTester.describe = describe
RuleTester.it = it
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const at = (p) => path.join(repo, p)
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } })
const boundary = { messageId: 'boundary' }

tester.run('import-boundaries', dropwisePlugin.rules['import-boundaries'], {
  valid: [
    { filename: at('apps/web/src/features/results/x.ts'), code: "import { a } from '../../components/charts/echart'" },
    { filename: at('apps/web/src/features/results/x.ts'), code: "import { a } from '../guide/efficiency-badge'" },
    { filename: at('apps/web/src/app/shell/x.ts'), code: "import { a } from '../../features/account/account-manager'" },
    { filename: at('apps/web/src/lib/x.test.ts'), code: "import { a } from '../features/results/use-matrix-slice'" },
    { filename: at('packages/stats/src/x.ts'), code: "import { a } from '@dropwise/schemas'" },
  ],
  invalid: [
    { filename: at('apps/web/src/lib/x.ts'), code: "import { a } from '../features/results/cells'", errors: [boundary] },
    { filename: at('apps/web/src/components/x.ts'), code: "export { a } from '../app/router'", errors: [boundary] },
    { filename: at('apps/web/src/components/x.ts'), code: "const m = import('../features/home/home-page')", errors: [boundary] },
    { filename: at('apps/web/src/features/about/x.ts'), code: "import { a } from '../guide/efficiency-badge'", errors: [boundary] },
    { filename: at('packages/stats/src/x.ts'), code: "import { a } from '../../../apps/web/src/lib/format'", errors: [boundary] },
    { filename: at('packages/stats/src/x.ts'), code: "import { A } from '@dropwise/server'", errors: [boundary] },
  ],
})

tester.run('kebab-case-filename', dropwisePlugin.rules['kebab-case-filename'], {
  valid: ['drop-matrix-table.tsx', 'reports.routes.ts', 'dataset.worker.ts', 'i18n-types.d.ts'].map((name) => ({ filename: at(`apps/web/src/lib/${name}`), code: '' })),
  invalid: ['DropMatrix.tsx', 'drop_matrix.ts', 'dropMatrix.ts'].map((name) => ({ filename: at(`apps/web/src/lib/${name}`), code: '', errors: [{ messageId: 'name' }] })),
})
