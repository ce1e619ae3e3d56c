import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { OriginRule } from '../config/cors-origins'
import { corsPlugin, isV2, V2_PREFIXES } from './cors'
import { NOSNIFF } from './security-headers'

export { V2_PREFIXES }
export const COMPATIBLE_VERSION = 'frontend-v2@v3.4.0'

/**
 * Wire compatibility with the clients players already use (api-v2.md §2): request id and
 * X-Penguin-Compatible on every v2 response (errors included), CORS (plugins/cors.ts: credentials on v2
 * only for the origins `CORS_ORIGINS` allows), and lenient body parsing (a missing content type is still tried as JSON).
 * Every response also carries `X-Content-Type-Options: nosniff`.
 */
export const compatPlugin = fp(async (app: FastifyInstance, opts: { corsOrigins?: readonly OriginRule[] | undefined }) => {
  await app.register(corsPlugin, { origins: opts.corsOrigins })

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Penguin-Request-ID', req.id)
    reply.headers(NOSNIFF)
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
