import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()
  } catch {
    return 'dev'
  }
})()

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version), __APP_COMMIT__: JSON.stringify(commit) },
  plugins: [
    react(),
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
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 700 },
})
