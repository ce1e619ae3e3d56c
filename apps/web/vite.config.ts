import { execSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()
  } catch {
    return 'dev'
  }
})()

/**
 * Chunks: locale files in two per language (src/lib/i18n.ts): the start set (shell + browse) and the
 * page set (every other feature), instead of one request per file. Everything the entry imports
 * statically goes into one `start` chunk, and what the home page adds into one `home` chunk: dozens
 * of small shared chunks compress about 10 % worse than the same code in one file and cost a
 * request each; the lazy pages keep the automatic splitting.
 */
const START_ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url))
const HOME_PAGE = fileURLToPath(new URL('./src/features/home/home-page.tsx', import.meta.url))
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }
let closures: { key: unknown; start: Set<string>; home: Set<string> } | null = null
/**
 * Reachable through a barrel but not used by the start code: `@mui/material/styles` re-exports
 * `enhanceHighContrast`, which imports the input components' class names and so, through their
 * barrels, InputBase, TextareaAutosize and the like. Tree-shaking drops it from the start code; the
 * closure must not follow it either, or those components (used by lazy pages) would be put in `start`.
 */
const NOT_IN_START = /\/@mui\/material\/styles\/enhanceHighContrast\.m?js$/
const staticClosure = (graph: ModuleGraph, from: string, into = new Set<string>()) => {
  const stack = [from]
  while (stack.length) {
    const id = stack.pop()!
    if (into.has(id) || NOT_IN_START.test(id)) continue
    const info = graph.getModuleInfo(id)
    if (!info) continue
    into.add(id)
    stack.push(...info.importedIds)
  }
  return into
}
const localeChunk = (id: string) => {
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
const CHUNK_GROUPS = [
  { name: localeChunk, priority: 3 },
  { name: closureChunk('start'), priority: 2 },
  { name: closureChunk('home'), priority: 1 },
]

/**
 * Writes `.br` and `.gz` next to every text asset of the build: the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`), so the JavaScript travels at its gzip/brotli
 * size without compressing on every request.
 */
const precompress = (): Plugin => {
  let outDir = 'dist'
  return {
    name: 'dropwise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? walk(path) : [path]
        })
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|svg|json|webmanifest|txt)$/.test(file)) continue
        const body = readFileSync(file)
        if (body.length < 1024) continue
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }))
      }
    },
  }
}

/**
 * `<link rel="modulepreload">` for what the first render of `/` needs beyond the entry's own imports
 * (Vite only preloads static imports): the home page chunk with its imports, and the start locale
 * chunk of the language the app will pick (saved setting, else the browser's first supported
 * language, else zh, as lib/i18n.ts decides). They then download alongside the entry instead of after it.
 */
const preloadStart = (): Plugin => ({
  name: 'dropwise-preload-start',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle
      if (!bundle) return html
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []))
      const entry = chunks.find((c) => c.isEntry)
      const home = chunks.find((c) => c.facadeModuleId?.endsWith('/src/features/home/home-page.tsx'))
      if (!entry || !home) return html
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      const closure = (start: string[], seen = new Set<string>()) => {
        for (const f of start) {
          if (seen.has(f)) continue
          seen.add(f)
          closure(byFile.get(f)?.imports ?? [], seen)
        }
        return seen
      }
      const already = closure([entry.fileName])
      const homeFiles = [...closure([home.fileName])].filter((f) => !already.has(f))
      const locales: Record<string, string> = {}
      for (const [lang, file] of [['zh', 'zh-CN'], ['en', 'en'], ['ja', 'ja-JP'], ['ko', 'ko-KR']] as const) {
        const chunk = chunks.find((c) => c.name === `locale-${file}`)
        if (chunk) locales[lang] = `/${chunk.fileName}`
      }
      const script = `(function(){var d=document,m=${JSON.stringify(locales)},l,h=${JSON.stringify(homeFiles.map((f) => `/${f}`))};
try{l=String(JSON.parse(localStorage.getItem('penguin-stats-settings')||'{}').language||'').split('-')[0]}catch(e){}
if(!m[l]){l='zh';var n=navigator.languages||[navigator.language];for(var i=0;i<n.length;i++){var p=String(n[i]).toLowerCase().split('-')[0];if(m[p]){l=p;break}}}
var add=function(u){var k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=u;d.head.appendChild(k)};
add(m[l]);if(location.pathname==='/')h.forEach(add)})()`
      return [{ tag: 'script', children: script, injectTo: 'head' }]
    },
  },
})

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version), __APP_COMMIT__: JSON.stringify(commit) },
  plugins: [
    react(),
    precompress(),
    preloadStart(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'sprite/items.svg', 'icons/*.png'],
      manifest: {
        name: 'Dropwise',
        short_name: 'Dropwise',
        description: 'Community drop statistics for Arknights',
        lang: 'zh-CN',
        start_url: '/?utm_source=pwa',
        scope: '/',
        display: 'standalone',
        theme_color: '#005eb6',
        background_color: '#121212',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
        shortcuts: [
          { name: 'Drop rates by item', url: '/result/item' },
          { name: 'Drop rates by stage', url: '/result/stage' },
          { name: 'Search', url: '/search' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/PenguinStats\//],
        runtimeCaching: [
          {
            // Data for offline reading: network first, the last answer when offline.
            urlPattern: ({ url, request }) => request.method === 'GET' && /^\/(PenguinStats\/)?api\/v2\//.test(url.pathname) && !url.pathname.includes('personal'),
            handler: 'NetworkFirst',
            options: { cacheName: 'api-v2', networkTimeoutSeconds: 10, expiration: { maxEntries: 64, maxAgeSeconds: 7 * 86400 } },
          },
        ],
      },
    }),
  ],
  server: { proxy: { '/api': 'http://localhost:8080', '/PenguinStats': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
})
