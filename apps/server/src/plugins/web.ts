import { mkdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Dropwise</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Dropwise is starting</h1><p>The web app is being built; this page reloads by itself every 5 seconds.
The API is already available at <a href="/api/docs">/api/docs</a>.</p></body></html>`

/**
 * Serves the built web app (apps/web/dist) and falls back to index.html for client-side routes.
 * While the app is not built yet, a small page says so and reloads itself.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { dist: string }) => {
  const indexPath = join(opts.dist, 'index.html')
  // The folder may still be empty while the app is built in the background: files are looked up per request.
  await mkdir(opts.dist, { recursive: true })
  // preCompressed: the web build writes .br/.gz beside each text asset (apps/web/vite.config.ts).
  await app.register(fastifyStatic, { root: opts.dist, index: false, maxAge: '1h', preCompressed: true })
  // Re-read index.html when a rebuild replaced it (its assets change name with every build).
  let cached: { html: string; mtimeMs: number } | null = null
  app.decorate('sendSpa', async (_req, reply) => {
    const info = await stat(indexPath).catch(() => null)
    if (info && (!cached || cached.mtimeMs !== info.mtimeMs)) cached = { html: await readFile(indexPath, 'utf8'), mtimeMs: info.mtimeMs }
    reply.header('Cache-Control', 'no-cache')
    return reply.type('text/html; charset=utf-8').send(info && cached ? cached.html : BUILDING_PAGE)
  })
  app.get('/', { schema: { hide: true } }, (req, reply) => app.sendSpa(req, reply))
})
