import cors, { type FastifyCorsOptions } from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { RECOGNIZER_PACK_PATH } from './recognizer-pack'
import { NOSNIFF } from './security-headers'

export const V2_PREFIXES = ['/PenguinStats/api/v2', '/api/v2'] as const
export const COMPATIBLE_VERSION = 'frontend-v2@v3.4.0'

const isV2 = (url: string) => V2_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`))

/**
 * The v2 contract (api-v2.md §2.4): any origin, reflected, with credentials: the public web client and
 * tools on other origins send the PenguinID cookie.
 */
const V2_CORS: FastifyCorsOptions = {
  origin: true,
  credentials: true,
  methods: 'GET,POST,DELETE,OPTIONS',
  allowedHeaders: 'Content-Type,Authorization,X-Requested-With,X-Penguin-Variant,sentry-trace,X-Penguin-Idempotency-Key',
  exposedHeaders: 'Content-Type, X-Penguin-Set-PenguinID, X-Penguin-Upgrade, X-Penguin-Compatible, X-Penguin-Request-ID, X-Dropwise-Simulated-Runs',
  optionsSuccessStatus: 204,
  strictPreflight: false,
}
/** Open to any page but without credentials (`*`): no cookie is read, nothing depends on who asks. */
const PUBLIC_CORS = (methods: string): FastifyCorsOptions => ({ origin: '*', credentials: false, methods, optionsSuccessStatus: 204, strictPreflight: false })
/** `POST /planner/plan`: ArkPlanner-style tools on other origins call it (api-extensions.md §2). */
const PLANNER_CORS = PUBLIC_CORS('POST')
/** The recognizer pack's files, for other recognisers that want them. */
const PACK_CORS = PUBLIC_CORS('GET,HEAD')

/**
 * CORS by route: v2 as the contract says; `*` without credentials where other sites have a use for
 * it; nothing elsewhere (the web app, `/api/_/*`, `/api/docs`), so other origins cannot read those
 * with the visitor's cookies. docs/api-extensions.md §6.
 */
export const corsFor = (url: string): FastifyCorsOptions => {
  if (isV2(url)) return V2_CORS
  const path = url.split('?')[0] ?? ''
  if (path.replace(/\/$/, '') === '/planner/plan') return PLANNER_CORS
  if (path.startsWith(RECOGNIZER_PACK_PATH)) return PACK_CORS
  return { origin: false }
}

/**
 * Wire compatibility with the clients players already use (api-v2.md §2): request id and
 * X-Penguin-Compatible on every v2 response (errors included), CORS that reflects the origin with
 * credentials on v2 ({@link corsFor}), and lenient body parsing (a missing content type is still tried as JSON).
 * Every response also carries `X-Content-Type-Options: nosniff`.
 */
export const compatPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cors, { delegator: (req, cb) => cb(null, corsFor(req.url)) })

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
