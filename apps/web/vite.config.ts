import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { define } from './build-plugins/app-define'
import { CHUNK_GROUPS } from './build-plugins/chunk-groups'
import { compileHints } from './build-plugins/compile-hints'
import { lazyMuiTheme } from './build-plugins/lazy-mui-theme'
import { precompress } from './build-plugins/precompress'
import { HOME_PAGE_MODULE, preloadStart, ROUTE_PAGES } from './build-plugins/preload-start'
import { prerenderHome } from './build-plugins/prerender-home'

export default defineConfig({
  define,
  resolve: {
    // MUI calls emotion's `styled(tag, options)` only. The package's main module also makes a styled
    // component for each of 135 HTML and SVG tags (`styled.div` …) as it is evaluated: 2-3 ms of the
    // start chunk's evaluation on a phone, and 1 KB, for shortcuts nothing uses. Its `base` is the same
    // function without them.
    // react-router 7 lists only its development build in its package exports (react-router issue #14102),
    // so every bundle got `ENABLE_DEV_WARNINGS = true` and the warnings it gates. Its production build is
    // the same code with that flag off: 0.6 KB gzip less on `/`. The app imports `react-router` alone.
    alias: [
      { find: /^@emotion\/styled$/, replacement: '@emotion/styled/base' },
      { find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
    ],
  },
  plugins: [
    react(),
    lazyMuiTheme(),
    precompress(),
    preloadStart(),
    prerenderHome(),
    // Writes as the bundle is written, before precompress (at the bundle's close) compresses the files.
    compileHints([HOME_PAGE_MODULE, ...ROUTE_PAGES.map((p) => p.module)]),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'icons/*.png'],
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
        // The pre-rendered `/` variants and the server's renderer (ssr/) are for the first visit; offline, the app renders itself.
        globIgnores: ['prerender/**', 'ssr/**'],
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
