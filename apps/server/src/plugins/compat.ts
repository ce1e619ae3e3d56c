import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export const V2_PREFIXES = ['/PenguinStats/api/v2', '/api/v2'] as const
export const COMPATIBLE_VERSION = 'frontend-v2@v3.4.0'

const isV2 = (url: string) => V2_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`))

/**
 * Wire compatibility with the clients players already use (api-v2.md §2): request id and
 * X-Penguin-Compatible on every v2 response (errors included), CORS that reflects the origin with
 * credentials, and lenient body parsing (a missing content type is still tried as JSON).
 */
export const compatPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cors, {
    origin: (_origin, cb) => cb(null, true),
    credentials: true,
    methods: 'GET,POST,DELETE,OPTIONS',
    allowedHeaders: 'Content-Type,Authorization,X-Requested-With,X-Penguin-Variant,sentry-trace,X-Penguin-Idempotency-Key',
    exposedHeaders: 'Content-Type, X-Penguin-Set-PenguinID, X-Penguin-Upgrade, X-Penguin-Compatible, X-Penguin-Request-ID',
    optionsSuccessStatus: 204,
    strictPreflight: false,
  })

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Penguin-Request-ID', req.id)
    if (isV2(req.url)) reply.header('X-Penguin-Compatible', COMPATIBLE_VERSION)
  })

  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body))
  // No or unknown content type: try JSON, else hand the text on (routes validate it).
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(null, text)
    }
  })
})
