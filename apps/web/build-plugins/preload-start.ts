import type { Plugin } from 'vite'
import { chunkHolding, importClosure } from './chunk-graph'
import { earlyRequestsScript } from './early-requests'

/** src/config/env.ts's default `apiBase`. */
export const DEFAULT_API_BASE = '/PenguinStats/api/v2'
/** @dropwise/schemas' SERVERS and CATEGORIES, defaults first (early-requests.test.ts compares them). */
export const SERVERS = ['CN', 'US', 'JP', 'KR'] as const
export const CATEGORIES = ['all', 'automated', 'manual'] as const
/** src/features/planner/planner-state.ts PLANNER_STORAGE_KEY (early-requests.test.ts compares them). */
export const PLANNER_STORAGE_KEY = 'penguin-stats-planner'
let apiBase = DEFAULT_API_BASE

/** The home page's module (`/`, pre-rendered by the build). */
export const HOME_PAGE_MODULE = '/src/features/home/home-page.tsx'

/**
 * The pages whose code the inline script asks for, by address (as src/app/router.tsx and
 * src/config/paths.ts route them): the server renders these or sends them pre-rendered. Asked for with
 * the app's own files: after the first paint when the rendered page fits the visitor (`go` below), else
 * at once. Lighthouse's model counts requests started before the first paint into it (its pessimistic
 * estimate): /statistics' first paint moved from 0.8 to 1.8 s with its 30 files asked for before it.
 */
export const ROUTE_PAGES = [
  // The item and stage pages (one lazy module holds both), and the report form.
  { path: /^\/result\/(item|stage)\/./, module: '/src/features/results/stats-pages.tsx' },
  { path: /^\/report\/stage\/[^/]+\/./, module: '/src/features/report/report-pages.tsx' },
  { path: /^\/statistics\/?$/, module: '/src/features/site-stats/site-stats-page.tsx' },
  { path: /^\/planner\/?$/, module: '/src/features/planner/planner-page.tsx' },
  { path: /^\/advanced\/?$/, module: '/src/features/advanced/advanced-page.tsx' },
  // Its query builder: a chunk of its own that appears once the lists are in.
  { path: /^\/advanced\/?$/, module: '/src/features/advanced/query-builder.tsx' },
  { path: /^\/search\/?$/, module: '/src/features/search/search-page.tsx' },
] as const

/**
 * The route's files are asked for this many at a time, one turn of the browser apart. Each
 * `<link rel="modulepreload">` costs the main thread about 0.3 ms to start (`appendChild`): the 45 of
 * `/advanced` in one go were a task of 13 ms of CPU, 50 ms on the clock, after the first paint. The app's
 * entry goes first (`__dropwiseStart`): on HTTP/1.1 it no longer queues behind the route's files.
 */
const ROUTE_FILES_PER_TASK = 8

/**
 * `<link rel="modulepreload">` for what the first render of `/` needs beyond the entry's own imports
 * (Vite only preloads static imports): the home page chunk with its imports, and the start locale
 * chunk of the language the app will pick (saved setting, else the browser's first supported
 * language, else zh, as lib/i18n.ts decides). They then download alongside the entry instead of after it.
 * On a page the server renders or pre-renders (ROUTE_PAGES): that page's chunk; on an item or a stage
 * page also its first data (./early-requests.ts).
 */
export const preloadStart = (): Plugin => ({
  name: 'dropwise-preload-start',
  apply: 'build',
  configResolved(config) {
    // As src/config/env.ts reads it (Vite's loaded VITE_ variables).
    const base: unknown = config.env.VITE_API_BASE
    apiBase = typeof base === 'string' && base.length > 0 ? base : DEFAULT_API_BASE
  },
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle
      if (!bundle) return html
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []))
      const entry = chunks.find((c) => c.isEntry)
      // The chunk holding the home page (its own facade, or the `home` group chunk when the bundler folds it in).
      const home = chunkHolding(chunks, HOME_PAGE_MODULE)
      if (!entry || !home) throw new Error('dropwise-preload-start: the entry or the home page chunk was not found')
      const closure = (start: string[]) => importClosure(chunks, start)
      const already = closure([entry.fileName])
      const homeFiles = [...closure([home.fileName])].filter((f) => !already.has(f))
      // Each page the server renders or sends pre-rendered: its chunk with what it imports, asked for by the
      // inline script with the app's files. Else the app's router asks for them (Vite's preload helper, a link per file) in
      // the tasks after the first paint, where main-thread time counts as blocking.
      const routeFiles = ROUTE_PAGES.map(({ path, module }) => {
        const page = chunkHolding(chunks, module)
        if (!page) throw new Error(`dropwise-preload-start: the chunk of ${module} was not found`)
        return { path, files: [...closure([page.fileName])].filter((f) => !already.has(f)).map((f) => `/${f}`) }
      })
      const early = earlyRequestsScript({
        apiBase,
        servers: SERVERS,
        categories: CATEGORIES,
        dataSourceKey: 'penguin-stats-data-source',
        dataCacheKey: 'penguin-stats-data',
        dataCacheVersion: 2,
      })
      const locales: Record<string, string> = {}
      // Every page but home also waits for its language's page strings (src/app/router.tsx `page`).
      const pageLocales: Record<string, string> = {}
      for (const [lang, file] of [
        ['zh', 'zh-CN'],
        ['en', 'en'],
        ['ja', 'ja-JP'],
        ['ko', 'ko-KR'],
      ] as const) {
        const chunk = chunks.find((c) => c.name === `locale-${file}`)
        if (chunk) locales[lang] = `/${chunk.fileName}`
        const pages = chunks.find((c) => c.name === `locale-pages-${file}`)
        if (pages) pageLocales[lang] = `/${pages.fileName}`
      }
      // Also: a pre-rendered `/` (prerenderHome) or server-rendered page in another language or colour mode
      // than this visitor's, or on a wide screen, or under another theme, or (a page with data: item, stage,
      // report, statistics) for another data source than the default one (the first server and category, not
      // personal), or the planner for a visitor with a stored plan, is hidden before it paints (html.pre-off,
      // index.html); main.tsx then renders afresh. The same choices as lib/i18n.ts, theme-style.ts
      // `resolveMode`, lib/state.ts `parseDataSource` and main.tsx (which also reads `pre-off`).
      // The colour mode is also set on <html> (`color-scheme`) before the body is parsed: the app sets it
      // once it runs (use-app-theme.ts), and a change then, an inherited property on the root, restyled the
      // whole rendered page (12-90 ms unthrottled on a slow host); with the same value it changes nothing.
      const script = `(function(){var d=document,m=${JSON.stringify(locales)},s={},l,h=${JSON.stringify(homeFiles.map((f) => `/${f}`))};
try{s=JSON.parse(localStorage.getItem('penguin-stats-settings')||'{}')||{}}catch(e){}
l=String(s.language||'').split('-')[0];
if(!m[l]){l='zh';var n=navigator.languages||[navigator.language];for(var i=0;i<n.length;i++){var p=String(n[i]).toLowerCase().split('-')[0];if(m[p]){l=p;break}}}
var add=function(u){var k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=u;d.head.appendChild(k)};
var pre=d.querySelector('meta[name=dropwise-prerender]'),q=function(x){return !!(window.matchMedia&&matchMedia(x).matches)},k=s.dark;
var o=k===true||k==='dark'?'dark':k===false||k==='light'?'light':q('(prefers-color-scheme: dark)')?'dark':'light';
d.documentElement.style.colorScheme=o;
var ds={};try{ds=JSON.parse(localStorage.getItem('penguin-stats-data-source')||'{}')||{}}catch(e){}
var nd=function(v,a){return a.indexOf(v)>0},dsOff=/^\\/(result\\/|report\\/stage\\/|statistics)/.test(location.pathname)&&(nd(ds.server,${JSON.stringify(SERVERS)})||nd(ds.category,${JSON.stringify(CATEGORIES)})||ds.source==='personal');
var plan=location.pathname==='/planner'&&localStorage.getItem(${JSON.stringify(PLANNER_STORAGE_KEY)})!==null;
var fits=pre&&!(pre.content!==l+'.'+o||(s.themeStyle&&s.themeStyle!=='default')||q('(min-width: 900px)')||dsOff||plan);
if(pre&&!fits)d.documentElement.classList.add('pre-off');
var rl=[],route=function(p,f){if(p.test(location.pathname))rl=rl.concat(f)};
${routeFiles.map(({ path, files }) => `route(${path},${JSON.stringify(files)});`).join('\n')}
var pm=${JSON.stringify(pageLocales)},ri=0,more=function(){rl.slice(ri,ri+=${ROUTE_FILES_PER_TASK}).forEach(add);if(ri<rl.length)setTimeout(more)},go=function(){if(window.__dropwiseStart)window.__dropwiseStart();add(m[l]);if(location.pathname==='/')h.forEach(add);else if(pm[l])add(pm[l]);if(window.__dropwiseLate)window.__dropwiseLate();more()},done=0,once=function(){if(!done++)go()};
${early}
if(fits){requestAnimationFrame(function(){setTimeout(once)});setTimeout(once,100)}else once()})()`
      return [{ tag: 'script', children: script, injectTo: 'head' }]
    },
  },
})
