import { execSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Plugin } from 'vite'
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

/** `.gz` and `.br` beside a file of at least 1 KB. */
const writeCompressed = (file: string) => {
  const body = readFileSync(file)
  if (body.length < 1024) return
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }))
}

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
      for (const file of walk(outDir)) if (/\.(js|mjs|css|svg|json|webmanifest|txt)$/.test(file)) writeCompressed(file)
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
      // The chunk holding the home page (its own facade, or the `home` group chunk when the bundler folds it in).
      const isHome = (id: string | null) => Boolean(id?.endsWith('/src/features/home/home-page.tsx'))
      const home = chunks.find((c) => isHome(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some(isHome))
      if (!entry || !home) throw new Error('dropwise-preload-start: the entry or the home page chunk was not found')
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
      // Also: a pre-rendered `/` (prerenderHome) in another language or colour mode than this visitor's, or
      // on a wide screen, or under another theme, is hidden before it paints (html.pre-off, index.html);
      // main.tsx then renders afresh. The same choices as lib/i18n.ts, theme-style.ts `resolveMode` and main.tsx.
      const script = `(function(){var d=document,m=${JSON.stringify(locales)},s={},l,h=${JSON.stringify(homeFiles.map((f) => `/${f}`))};
try{s=JSON.parse(localStorage.getItem('penguin-stats-settings')||'{}')||{}}catch(e){}
l=String(s.language||'').split('-')[0];
if(!m[l]){l='zh';var n=navigator.languages||[navigator.language];for(var i=0;i<n.length;i++){var p=String(n[i]).toLowerCase().split('-')[0];if(m[p]){l=p;break}}}
var add=function(u){var k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=u;d.head.appendChild(k)};
var pre=d.querySelector('meta[name=dropwise-prerender]'),q=function(x){return !!(window.matchMedia&&matchMedia(x).matches)},k=s.dark;
var o=k===true||k==='dark'?'dark':k===false||k==='light'?'light':q('(prefers-color-scheme: dark)')?'dark':'light';
var fits=pre&&!(pre.content!==l+'.'+o||(s.themeStyle&&s.themeStyle!=='default')||q('(min-width: 900px)'));
if(pre&&!fits)d.documentElement.classList.add('pre-off');
var go=function(){add(m[l]);if(location.pathname==='/')h.forEach(add);if(window.__dropwiseStart)window.__dropwiseStart()},done=0,once=function(){if(!done++)go()};
if(fits){requestAnimationFrame(function(){setTimeout(once)});setTimeout(once,100)}else once()})()`
      return [{ tag: 'script', children: script, injectTo: 'head' }]
    },
  },
})

const define = { __APP_VERSION__: JSON.stringify(pkg.version), __APP_COMMIT__: JSON.stringify(commit) }

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const HTML_LANG: Record<string, string> = { zh: 'zh-CN', en: 'en', ja: 'ja', ko: 'ko' }

/**
 * Pre-renders `/` after the build: src/prerender.tsx is built for Node next to the app (its
 * dependencies stay in node_modules), then renders the home page once per language and colour mode
 * into `dist/prerender/<language>.<mode>.html` (index.html with the page inside `#root`, its styles in
 * `<head>`, its language and title). The server sends the variant that fits the visitor for `/`
 * (apps/server plugins/web.ts); main.tsx hydrates it. Other addresses get index.html as before.
 */
const prerenderHome = (): Plugin => {
  let outDir = 'dist'
  let root = process.cwd()
  let ssr = false
  return {
    name: 'dropwise-prerender-home',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
      root = config.root
      ssr = Boolean(config.build.ssr)
    },
    async closeBundle() {
      if (ssr) return
      const ssrOut = join(root, 'node_modules/.cache/dropwise-prerender')
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        define,
        plugins: [react()],
        build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } } },
      })
      type Render = (locale: string, mode: 'light' | 'dark') => Promise<{ key: string; html: string; styles: string; title: string }>
      const { renderHome } = (await import(`${pathToFileURL(join(ssrOut, 'prerender.mjs')).href}?build=${Date.now()}`)) as { renderHome: Render }
      const template = readFileSync(join(outDir, 'index.html'), 'utf8')
      const boot = /<div id="root">(<div id="boot" [^]*?<\/div><\/div>)<\/div>/.exec(template)
      if (!boot) throw new Error('index.html: the start screen inside #root was not found')
      // The entry script and Vite's modulepreload links, added later by `__dropwiseStart` instead.
      const appScripts = /<script type="module" crossorigin src="[^"]+"><\/script>\s*(?:<link rel="modulepreload" crossorigin href="[^"]+">\s*)*/
      const found = appScripts.exec(template)?.[0]
      if (!found) throw new Error('index.html: the entry script was not found')
      const startScripts = [...found.matchAll(/(script|link) [^>]*(?:src|href)="([^"]+)"/g)]
        .map(([, tag, url]) =>
          tag === 'script'
            ? `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src='${url}';d.head.appendChild(s);`
            : `var k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href='${url}';d.head.appendChild(k);`,
        )
        .join('')
      mkdirSync(join(outDir, 'prerender'), { recursive: true })
      for (const locale of ['zh', 'en', 'ja', 'ko'])
        for (const mode of ['light', 'dark'] as const) {
          const page = await renderHome(locale, mode)
          // Replacer functions: the page's text is inserted as it is (a string replacement would read `$&` in it).
          const html = template
            .replace(/<html lang="[^"]*">/, () => `<html lang="${HTML_LANG[locale]}">`)
            .replace(
              '<meta charset="utf-8" />',
              () =>
                `<meta charset="utf-8" />\n    <meta name="dropwise-prerender" content="${page.key}" />\n    <script>window.__dropwiseStart=function(){var d=document;${startScripts}}</script>`,
            )
            .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
            .replace('</head>', () => `${page.styles}\n  </head>`)
            .replace(boot[0], () => `${boot[1]!.replace('<div id="boot" ', '<div id="boot" hidden ')}<div id="root" data-prerender="${page.key}">${page.html}</div>`)
            // The app's own scripts: requested by the inline script in <head> (preloadStart), after the
            // first frame when the pre-rendered page fits, so its markup and styles are painted first.
            .replace(appScripts, '')
          const file = join(outDir, 'prerender', `${page.key}.html`)
          writeFileSync(file, html)
          writeCompressed(file)
        }
    },
  }
}

export default defineConfig({
  define,
  plugins: [
    react(),
    precompress(),
    preloadStart(),
    prerenderHome(),
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
        // The pre-rendered `/` variants are for the first visit; offline, the app renders itself.
        globIgnores: ['prerender/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/PenguinStats\//],
        runtimeCaching: [
          {
            // Data for offline reading: network first, the last answer when offline.
            urlPattern: ({ url, request }) => request.method === 'GET' && /^\/(PenguinStats\/)?api\/v2\//.test(url.pathname) && !url.pathname.includes('personal'),
            handler: 'NetworkFirst',
            options: { cacheName: 'api-v2', networkTimeoutSeconds: 10, expiration: { maxEntries: 64, maxAgeSeconds: 7 * 86400 } },
          },
          {
            // The item icon sheet the server builds from the game's art (about 1 MB): fetched once, then
            // from the cache, offline too. Only the picture: its index (JSON) goes to the network, so a
            // rebuilt sheet (announced under a new address) is never paired with an old index.
            urlPattern: ({ url, request }) => request.method === 'GET' && request.destination === 'image' && url.pathname.startsWith('/assets/icons/'),
            handler: 'CacheFirst',
            options: { cacheName: 'item-icons', expiration: { maxEntries: 8, maxAgeSeconds: 30 * 86400 }, cacheableResponse: { statuses: [0, 200] } },
          },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/PenguinStats': 'http://localhost:8080',
      // What the server builds from the downloaded game art (apps/server modules/assets); Vite's own files stay under /assets/.
      '/assets/recognizer-pack': 'http://localhost:8080',
      '/assets/icons': 'http://localhost:8080',
      '/planner/plan': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
})
