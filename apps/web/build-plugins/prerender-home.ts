import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'
import { define } from './app-define'
import { writeCompressed } from './precompress'

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const HTML_LANG: Record<string, string> = { zh: 'zh-CN', en: 'en', ja: 'ja', ko: 'ko' }

/**
 * Pre-renders `/` and the other pages of src/prerender.tsx `PRERENDERED_PATHS` after the build:
 * src/prerender.tsx is built for Node next to the app (its dependencies stay in node_modules), then
 * renders each page once per language and colour mode into `dist/prerender/<page>/<language>.<mode>.html`
 * (`/` directly in dist/prerender; index.html with the page inside `#root`, its styles in `<head>`, its
 * language and title). The server sends the variant that fits the visitor (apps/server plugins/web.ts);
 * main.tsx hydrates it. Other addresses get index.html as before.
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
      type Render = (path: string, locale: string, mode: 'light' | 'dark') => Promise<{ key: string; html: string; styles: string; title: string }>
      const { renderPage, PRERENDERED_PATHS } = (await import(`${pathToFileURL(join(ssrOut, 'prerender.mjs')).href}?build=${Date.now()}`)) as {
        renderPage: Render
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
      for (const path of PRERENDERED_PATHS) {
        // `/` → dist/prerender/<key>.html, `/search` → dist/prerender/search/<key>.html (apps/server plugins/web.ts).
        const folder = join(outDir, 'prerender', path.slice(1))
        mkdirSync(folder, { recursive: true })
        for (const locale of ['zh', 'en', 'ja', 'ko'])
          for (const mode of ['light', 'dark'] as const) {
            const page = await renderPage(path, locale, mode)
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
            const file = join(folder, `${page.key}.html`)
            writeFileSync(file, html)
            writeCompressed(file)
          }
      }
    },
  }
}
