// Layering of the monorepo and of the web app (issue 18), as local rules (no plugin to install):
//
// - `dropwise/import-boundaries`: packages never import apps; in apps/web/src the lower layers
//   (`components/`, `lib/`, `config/`) never import `features/` or `app/`; a feature imports another
//   feature only when the pair is in the allow-list below (keep it short: a widget several features
//   use belongs in `components/`, a service in `lib/`). `app/` (router, shell) may import anything.
//   Tests (`*.test.ts(x)`) are not shipped and may cross web layers to check that two sides agree.
// - `dropwise/module-routes` (module-routes.js): server routes only in `modules/<m>/*.routes.ts`, and those
//   imported only by their module's plugin `<m>.module.ts`.
// - `dropwise/kebab-case-filename`: file names in kebab-case; dots separate a role suffix
//   (`dataset.worker.ts`, `reports.routes.ts`, `i18n-types.d.ts`).
//
// Relative imports, `export … from` and dynamic `import()` are resolved against the file; bare
// specifiers are checked by package name (`@dropwise/web`, `@dropwise/server`, `@dropwise/importer`).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { moduleRoutes } from './module-routes.js'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const WEB_SRC = 'apps/web/src/'
const APP_PACKAGES = ['@dropwise/web', '@dropwise/server', '@dropwise/importer']
const LOWER_LAYERS = ['components', 'lib', 'config']
const UPPER_LAYERS = ['features', 'app']
const TEST_FILE = /\.test\.tsx?$/

/** Which feature may import which (importer -> imported features). */
export const FEATURE_ALLOW = {
  about: ['notices'], // the about pages list the notices
  home: ['notices', 'search', 'site-stats'], // the landing page's cards
  results: ['data-source', 'export', 'guide', 'share'], // the item and stage pages' toolbar and notes
}

const rel = (file) => path.relative(REPO, file).split(path.sep).join('/')
const featureOf = (p) => (p.startsWith(`${WEB_SRC}features/`) ? p.slice(`${WEB_SRC}features/`.length).split('/')[0] : null)
const layerOf = (p) => (p.startsWith(WEB_SRC) ? p.slice(WEB_SRC.length).split('/')[0] : null)

/** The reason `from` may not import `spec`, or null. */
export const boundaryViolation = (from, spec, allow = FEATURE_ALLOW) => {
  const src = rel(from)
  if (src.startsWith('packages/')) {
    if (APP_PACKAGES.some((name) => spec === name || spec.startsWith(`${name}/`))) return `packages never import apps (${spec})`
  }
  if (!spec.startsWith('.')) return null
  const target = rel(path.resolve(path.dirname(from), spec))
  if (src.startsWith('packages/') && target.startsWith('apps/')) return `packages never import apps (${target})`
  if (!src.startsWith(WEB_SRC) || !target.startsWith(WEB_SRC) || TEST_FILE.test(src)) return null
  const fromLayer = layerOf(src)
  const toLayer = layerOf(target)
  if (LOWER_LAYERS.includes(fromLayer) && UPPER_LAYERS.includes(toLayer)) {
    return `${fromLayer}/ never imports ${toLayer}/ (${target.slice(WEB_SRC.length)}): move the shared part down into components/ or lib/`
  }
  const a = featureOf(src)
  const b = featureOf(target)
  if (a && b && a !== b && !(allow[a] ?? []).includes(b)) {
    return `features/${a} may not import features/${b} (${target.slice(WEB_SRC.length)}): move it into components/ or lib/, or add the pair to FEATURE_ALLOW in tooling/eslint/local-rules.js`
  }
  return null
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Layering: packages never import apps; web components/lib never import features/app; features import each other only through an allow-list' },
    schema: [{ type: 'object', properties: { allow: { type: 'object' } }, additionalProperties: false }],
    messages: { boundary: '{{reason}}' },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? FEATURE_ALLOW
    const file = context.filename
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      const reason = boundaryViolation(file, source.value, allow)
      if (reason) context.report({ node: source, messageId: 'boundary', data: { reason } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/

const kebabCaseFilename = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names in kebab-case (dots only before a role suffix or the extension)' },
    schema: [],
    messages: { name: 'File name "{{name}}" is not kebab-case (e.g. drop-matrix-table.tsx, reports.routes.ts).' },
  },
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.filename)
        if (!KEBAB.test(name)) context.report({ node, messageId: 'name', data: { name } })
      },
    }
  },
}

export const dropwisePlugin = {
  meta: { name: 'dropwise' },
  rules: { 'import-boundaries': importBoundaries, 'kebab-case-filename': kebabCaseFilename, 'module-routes': moduleRoutes },
}

export default [
  {
    plugins: { dropwise: dropwisePlugin },
    rules: { 'dropwise/import-boundaries': 'error', 'dropwise/kebab-case-filename': 'error', 'dropwise/module-routes': 'error' },
  },
]
