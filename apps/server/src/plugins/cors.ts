import cors, { type FastifyCorsOptions } from '@fastify/cors'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { originAllowed, parseCorsOrigins, type OriginRule } from '../config/cors-origins'
import { RECOGNIZER_PACK_PATH } from './recognizer-pack'

export const V2_PREFIXES = ['/PenguinStats/api/v2', '/api/v2'] as const

export const isV2 = (url: string) => V2_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`))

const V2_COMMON = {
  // Reflected for every origin, so each answer says `Vary: Origin` (a shared cache keeps one per origin).
  origin: true,
  methods: 'GET,POST,DELETE,OPTIONS',
  allowedHeaders: 'Content-Type,Authorization,X-Requested-With,X-Penguin-Variant,sentry-trace,X-Penguin-Idempotency-Key,X-Penguin-Proof',
  exposedHeaders:
    'Content-Type, X-Penguin-Set-PenguinID, X-Penguin-Proof, X-Penguin-Upgrade, X-Penguin-Compatible, X-Penguin-Request-ID, X-Dropwise-Simulated-Runs, X-Dropwise-Data-Version',
  optionsSuccessStatus: 204,
  strictPreflight: false,
} satisfies FastifyCorsOptions
/** v2 for the origins the operator allows (api-v2.md §2.4): the public web client sends the PenguinID cookie. */
const V2_CREDENTIALED: FastifyCorsOptions = { ...V2_COMMON, credentials: true }
/** v2 for every other origin: readable, but never with the visitor's cookie (no Allow-Credentials). */
const V2_PUBLIC: FastifyCorsOptions = { ...V2_COMMON, credentials: false }
/** Open to any page but without credentials (`*`): no cookie is read, nothing depends on who asks. */
const PUBLIC_CORS = (methods: string): FastifyCorsOptions => ({ origin: '*', credentials: false, methods, optionsSuccessStatus: 204, strictPreflight: false })
/** `POST /planner/plan`: ArkPlanner-style tools on other origins call it (api-extensions.md §2). */
const PLANNER_CORS = PUBLIC_CORS('POST')
/** The recognizer pack's files, for other recognisers that want them. */
const PACK_CORS = PUBLIC_CORS('GET,HEAD')

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request comes from a page of an origin that may not use the visitor's credentials here: its
     * `userID` cookie is no identity (modules/accounts/identity.ts), so such a page cannot report or
     * recall as the visitor by sending a request the browser does not preflight.
     */
    foreignOrigin?: boolean
  }
}

/** This site's own pages: the `Origin` names the host the request was sent to. */
const sameHost = (req: FastifyRequest, origin: string) => {
  try {
    return new URL(origin).host === (req.host ?? '').toLowerCase()
  } catch {
    return false
  }
}

export const createCorsPolicy = (rules: readonly OriginRule[]) => {
  const credentialed = (req: FastifyRequest) => {
    const origin = req.headers.origin
    return origin === undefined || sameHost(req, origin) || originAllowed(rules, origin)
  }
  return {
    credentialed,
    /**
     * CORS by route: v2 with credentials for allowed origins and without for the others; `*` without
     * credentials where other sites have a use for it; nothing elsewhere (the web app, `/api/_/*`,
     * `/api/docs`), so other origins cannot read those with the visitor's cookies. docs/api-extensions.md §6.
     */
    corsFor: (req: FastifyRequest): FastifyCorsOptions => {
      if (isV2(req.url)) return req.headers.origin !== undefined && credentialed(req) ? V2_CREDENTIALED : V2_PUBLIC
      const path = req.url.split('?')[0] ?? ''
      if (path.replace(/\/$/, '') === '/planner/plan') return PLANNER_CORS
      if (path.startsWith(RECOGNIZER_PACK_PATH)) return PACK_CORS
      return { origin: false }
    },
  }
}

/** CORS (`CORS_ORIGINS`, parsed by config/cors-origins.ts; unset: its defaults) and the foreign-origin mark. */
export const corsPlugin = fp(async (app: FastifyInstance, opts: { origins?: readonly OriginRule[] | undefined }) => {
  const rules = opts.origins ?? (parseCorsOrigins(undefined) as { value: OriginRule[] }).value
  const policy = createCorsPolicy(rules)
  app.addHook('onRequest', async (req) => {
    if (!policy.credentialed(req)) req.foreignOrigin = true
  })
  await app.register(cors, { delegator: (req, cb) => cb(null, policy.corsFor(req)) })
})
