// No import cycles (issue 18): ESLint checks one file at a time, so the whole-graph rule is a test.
// Every relative `import`/`export … from`/`import()` counts, type-only ones too; a worker started by
// `new Worker(new URL(…))` is not an import.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const ROOTS = ['apps/web/src', 'apps/server/src', 'apps/importer/src', 'packages']

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(p)
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : []
  })

const resolve = (from, spec) => {
  const base = path.resolve(path.dirname(from), spec)
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    try {
      if (statSync(c).isFile()) return c
    } catch {
      // not this candidate
    }
  }
  return null
}

const importsOf = (file) => {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const out = []
  const visit = (n) => {
    let spec = null
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) spec = n.moduleSpecifier.text
    else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0]))
      spec = n.arguments[0].text
    const target = spec?.startsWith('.') ? resolve(file, spec) : null
    if (target && /\.tsx?$/.test(target)) out.push(target)
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return out
}

/** Strongly connected components of more than one file (Tarjan), as repo-relative paths. */
const cycles = (files) => {
  const graph = new Map(files.map((f) => [f, importsOf(f)]))
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  let next = 0
  const connect = (v) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!index.has(w)) {
        connect(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) !== index.get(v)) return
    const component = []
    let w
    do {
      w = stack.pop()
      onStack.delete(w)
      component.push(path.relative(repo, w))
    } while (w !== v)
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort())
  }
  for (const f of files) if (!index.has(f)) connect(f)
  return found
}

describe('import graph', () => {
  for (const root of ROOTS) {
    it(`has no cycle in ${root}`, () => {
      expect(cycles(sourceFiles(path.join(repo, root)))).toEqual([])
    }, 60_000)
  }
})
