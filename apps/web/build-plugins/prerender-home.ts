import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'
import { define } from './app-define'
import { writeCompressed } from './precompress'

/**
 * After the build: src/ssr.tsx is built for Node into `dist/ssr/render.mjs` (every dependency inside, so
 * the server can import it at run time from wherever the build is), and `dist/ssr/shell.html` is written:
 * index.html with markers where a rendered page goes (`pageDocument` fills them). Then `/` and the other
 * pages of src/ssr.tsx `PRERENDERED_PATHS` are rendered once per language and colour mode into
 * `dist/prerender/<page>/<language>.<mode>.html` (`/` directly in dist/prerender; the page inside `#root`,
 * its styles in `<head>`, its language and title). The server sends the variant that fits the visitor
 * for those (apps/server plugins/web.ts) and renders item and stage pages into the same shell
 * (plugins/web-pages.ts); main.tsx hydrates them. Other addresses get index.html as before.
 */
export const prerenderHome = (): Plugin => {
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
      const ssrOut = join(outDir, 'ssr')
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        // Production React, emotion and MUI whatever NODE_ENV the server runs with: a development build
        // renders 2-3x slower and names classes differently from the browser's (`css-…-MuiTypography-root`),
        // so the browser would insert every rule again while hydrating.
        define: { ...define, 'process.env.NODE_ENV': JSON.stringify('production') },
        plugins: [react()],
        ssr: { noExternal: true },
        build: {
          ssr: 'src/ssr.tsx',
          outDir: ssrOut,
          emptyOutDir: true,
          copyPublicDir: false,
          // One file: the server imports it as `render.mjs?v=<mtime>` (again after a rebuild), and a chunk
          // importing `./render.mjs` back would get a second copy of the app (two router contexts: a page
          // whose link sits in a lazy chunk fails to render).
          rolldownOptions: { output: { entryFileNames: 'render.mjs', codeSplitting: false } },
        },
      })
      type Render = (path: string, locale: string, mode: 'light' | 'dark') => Promise<{ key: string; html: string; styles: string; title: string; data: string }>
      type Fill = (shell: string, page: Awaited<ReturnType<Render>>) => string
      const { renderPrerendered, pageDocument, PRERENDERED_PATHS } = (await import(`${pathToFileURL(join(ssrOut, 'render.mjs')).href}?build=${Date.now()}`)) as {
        renderPrerendered: Render
        pageDocument: Fill
        PRERENDERED_PATHS: readonly string[]
      }
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
      // Replacer functions: text is inserted as it is (a string replacement would read `$&` in it).
      const shell = template
        .replace(/<html lang="[^"]*">/, () => '<html lang="__DW_LANG__">')
        .replace(
          '<meta charset="utf-8" />',
          () =>
            `<meta charset="utf-8" />\n    <meta name="dropwise-prerender" content="__DW_KEY__" />\n    <script>window.__dropwiseStart=function(){var d=document;${startScripts}}</script>`,
        )
        .replace(/<title>[^<]*<\/title>/, () => '<title>__DW_TITLE__</title>')
        .replace('</head>', () => '__DW_STYLES__\n  </head>')
        .replace(boot[0], () => `${boot[1]!.replace('<div id="boot" ', '<div id="boot" hidden ')}<div id="root" data-prerender="__DW_KEY__">__DW_ROOT__</div>__DW_DATA__`)
        // The app's own scripts: requested by the inline script in <head> (preloadStart), after the
        // first frame when the pre-rendered page fits, so its markup and styles are painted first.
        .replace(appScripts, '')
      writeFileSync(join(ssrOut, 'shell.html'), shell)
      for (const path of PRERENDERED_PATHS) {
        // `/` → dist/prerender/<key>.html, `/search` → dist/prerender/search/<key>.html (apps/server plugins/web.ts).
        const folder = join(outDir, 'prerender', path.slice(1))
        mkdirSync(folder, { recursive: true })
        for (const locale of ['zh', 'en', 'ja', 'ko'])
          for (const mode of ['light', 'dark'] as const) {
            const page = await renderPrerendered(path, locale, mode)
            const file = join(folder, `${page.key}.html`)
            writeFileSync(file, pageDocument(shell, page))
            writeCompressed(file)
          }
      }
    },
  }
}
