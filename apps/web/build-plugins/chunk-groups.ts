// The build's chunk groups (vite.config.ts build.rolldownOptions.output.codeSplitting).
import { fileURLToPath } from 'node:url'

/**
 * Chunks: locale files in two per language (src/lib/i18n.ts): the start set (shell + browse) and the
 * page set (every other feature), instead of one request per file. Everything the entry imports
 * statically goes into one `start` chunk, and what the home page adds into one `home` chunk: dozens
 * of small shared chunks compress about 10 % worse than the same code in one file and cost a
 * request each; the lazy pages keep the automatic splitting.
 */
const START_ENTRY = fileURLToPath(new URL('../src/main.tsx', import.meta.url))
const HOME_PAGE = fileURLToPath(new URL('../src/features/home/home-page.tsx', import.meta.url))
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }
let closures: { key: unknown; start: Set<string>; home: Set<string> } | null = null
/**
 * Reachable through a barrel but not used by the start code (tree-shaking drops them there, but a module
 * in the closure would still be placed in `start` for the lazy pages that use it): `@mui/material/styles` re-exports
 * `enhanceHighContrast`, which imports the input components' class names and so, through their
 * barrels, InputBase, TextareaAutosize and the like. Tree-shaking drops it from the start code; the
 * closure must not follow it either, or those components (used by lazy pages) would be put in `start`.
 */
const NOT_IN_START = [
  /\/@mui\/material\/styles\/enhanceHighContrast\.m?js$/,
  // TanStack Query's index re-exports the infinite queries; only the lazy "My reports" list uses them.
  /\/@tanstack\/(?:react-query|query-core)\/build\/modern\/(?:useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$/,
]
const staticClosure = (graph: ModuleGraph, from: string, into = new Set<string>()) => {
  const stack = [from]
  while (stack.length) {
    const id = stack.pop()!
    if (into.has(id) || NOT_IN_START.some((r) => r.test(id))) continue
    const info = graph.getModuleInfo(id)
    if (!info) continue
    into.add(id)
    stack.push(...info.importedIds)
  }
  return into
}
const localeChunk = (id: string) => {
  // A language's page-set module (src/locales/page-set/<file, lower case>.ts: zh-cn.ts) goes with the files it gathers.
  const set = /\/src\/locales\/page-set\/([a-z]+)(?:-([a-z]+))?\.ts$/.exec(id)
  if (set) return `locale-pages-${set[1]}${set[2] ? `-${set[2].toUpperCase()}` : ''}`
  const m = /\/src\/locales\/(?:([^/]+)\/)?([^/]+)\.json$/.exec(id)
  if (!m) return null
  const [, folder, file] = m
  return folder === undefined || folder === 'browse' ? `locale-${file}` : `locale-pages-${file}`
}
const closureChunk = (which: 'start' | 'home') => (id: string, graph: ModuleGraph) => {
  const key = graph.getModuleInfo(START_ENTRY)
  if (!key) return null // another build (a worker)
  if (closures?.key !== key) {
    const start = staticClosure(graph, START_ENTRY)
    const home = new Set([...staticClosure(graph, HOME_PAGE)].filter((x) => !start.has(x)))
    closures = { key, start, home }
  }
  return closures[which].has(id) ? which : null
}
/** Highest priority first: a module goes to the first group that names it. */
export const CHUNK_GROUPS = [
  { name: localeChunk, priority: 3 },
  { name: closureChunk('start'), priority: 2 },
  { name: closureChunk('home'), priority: 1 },
]
