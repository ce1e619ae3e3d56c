// The server's module shape (issue 43), as a local rule: `dropwise/module-routes`.
//
// - A route is registered (`x.get/post/put/delete/patch/head/options/all(path, …)`, `x.route({ method, url })`)
//   only in a module's routes file, `apps/server/src/modules/<m>/*.routes.ts`, or in one of the few
//   infrastructure plugins listed in ROUTE_ALLOW (the web app's pages and files: not API operations, and
//   they belong to no module; the static-file plugins the docs and the recognizer pack register are libraries').
// - A routes file is imported only by its own module's plugin, `modules/<m>/<m>.module.ts`: so every route is
//   in the call tree of the module plugin app.ts registers. Type-only imports and tests (which build
//   a bare Fastify around one routes plugin) may import it too.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SERVER_SRC = 'apps/server/src/'
const MODULES = `${SERVER_SRC}modules/`
const TEST_FILE = /\.test\.ts$|\/testing\//

/** Files outside the modules that may register routes (infrastructure plugins: not API operations). */
export const ROUTE_ALLOW = ['apps/server/src/plugins/web.ts']

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'all'])
const ROUTE_OPTION_KEYS = new Set(['schema', 'handler', 'websocket', 'config', 'preHandler', 'onRequest'])

const rel = (file) => path.relative(REPO, file).split(path.sep).join('/')
/** `modules/<m>/…` → `<m>`; null outside the modules' folders (and for files directly in modules/). */
const moduleOf = (p) => {
  if (!p.startsWith(MODULES)) return null
  const parts = p.slice(MODULES.length).split('/')
  return parts.length >= 2 ? parts[0] : null
}
const isRoutesFile = (p) => /\.routes(\.[cm]?[jt]s)?$/.test(p)
const isPath = (node) => {
  if (node?.type === 'Literal') return typeof node.value === 'string' && node.value.startsWith('/')
  if (node?.type !== 'TemplateLiteral') return false
  // `'/items'`-like, or a prefix then a path: `${OPS_PREFIX}/notices`.
  const [head = '', next = ''] = node.quasis.map((q) => q.value.cooked ?? '')
  return head.startsWith('/') || (head === '' && next.startsWith('/'))
}
const keysOf = (node) => (node?.type === 'ObjectExpression' ? node.properties.map((p) => p.key?.name ?? p.key?.value).filter(Boolean) : [])

/** Whether a call registers a route: `x.get('/path', …)`, `x.post(path, { schema }, handler)`, `x.route({ method, url })`. */
export const isRouteRegistration = (node) => {
  const callee = node.callee
  if (callee?.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false
  const name = callee.property.name
  if (name === 'route') {
    const keys = keysOf(node.arguments[0])
    return node.arguments.length === 1 && keys.includes('method') && (keys.includes('url') || keys.includes('path'))
  }
  if (!METHODS.has(name) || node.arguments.length < 2) return false
  return isPath(node.arguments[0]) || keysOf(node.arguments[1]).some((k) => ROUTE_OPTION_KEYS.has(k))
}

/** The reason `from` may not register a route, or null. */
export const routeViolation = (from, allow = ROUTE_ALLOW) => {
  const src = rel(from)
  if (!src.startsWith(SERVER_SRC) || TEST_FILE.test(src) || allow.includes(src)) return null
  if (moduleOf(src) && isRoutesFile(src)) return null
  return `routes are registered only in a module's routes file (apps/server/src/modules/<m>/*.routes.ts), registered by its <m>.module.ts (${src})`
}

/** The reason `from` may not import `spec` (a routes file), or null. */
export const routesImportViolation = (from, spec) => {
  const src = rel(from)
  if (!spec.startsWith('.') || !src.startsWith(SERVER_SRC) || TEST_FILE.test(src)) return null
  const target = rel(path.resolve(path.dirname(from), spec))
  if (!isRoutesFile(target)) return null
  const m = moduleOf(target)
  if (m && src === `${MODULES}${m}/${m}.module.ts`) return null
  return `${target.replace(SERVER_SRC, '')} is registered only by its module's plugin (modules/${m ?? '<m>'}/${m ?? '<m>'}.module.ts), not imported here`
}

export const moduleRoutes = {
  meta: {
    type: 'problem',
    docs: { description: "Server routes are registered only in modules/<m>/*.routes.ts, and those are imported only by their module's <m>.module.ts" },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: { route: '{{reason}}', routesImport: '{{reason}}' },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? ROUTE_ALLOW
    const file = context.filename
    const checkImport = (node) => {
      const source = node.source
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      if (node.importKind === 'type' || node.exportKind === 'type') return
      const reason = routesImportViolation(file, source.value)
      if (reason) context.report({ node: source, messageId: 'routesImport', data: { reason } })
    }
    return {
      CallExpression(node) {
        if (!isRouteRegistration(node)) return
        const reason = routeViolation(file, allow)
        if (reason) context.report({ node, messageId: 'route', data: { reason } })
      },
      ImportDeclaration: checkImport,
      ExportNamedDeclaration: checkImport,
      ExportAllDeclaration: checkImport,
      ImportExpression: checkImport,
    }
  },
}
