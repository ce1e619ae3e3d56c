import { ERROR_MESSAGES, type ApiError } from '@dropwise/schemas'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ApiHttpError } from '../lib/errors'
import { toViolations } from '../lib/violations'
import { V2_PREFIXES } from './compat'

/** Every error leaves as `{code, message}` (api-v2.md §3); 5xx never leak internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | ApiHttpError, req, reply) => {
    let status: number
    let body: ApiError
    if (error instanceof ApiHttpError) {
      status = error.statusCode
      body = { code: error.code, message: error.message, ...(error.violations ? { violations: error.violations } : {}) }
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400
      body = {
        code: 'INVALID_REQUEST',
        message: ERROR_MESSAGES.invalidParams,
        violations: toViolations(error.validation, error.validationContext),
      }
    } else if (error.statusCode === 429) {
      status = 429
      body = { code: 'TOO_MANY_REQUESTS', message: error.message }
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own 4xx: unparseable JSON, body too large, unsupported media type …
      status = error.statusCode === 413 ? 413 : 400
      body = { code: 'INVALID_REQUEST', message: `invalid request: ${error.message}` }
    } else {
      req.log.error({ err: error }, 'unhandled error')
      status = 500
      body = { code: 'INTERNAL_ERROR', message: ERROR_MESSAGES.internal }
    }
    return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body))
  })

  app.setNotFoundHandler((req, reply) => {
    const body: ApiError = { code: 'NOT_FOUND', message: `no route ${req.method} ${req.url.split('?')[0]}` }
    const isApi = req.url.startsWith('/api/') || V2_PREFIXES.some((p) => req.url.startsWith(p))
    if (!isApi && req.method === 'GET' && app.hasDecorator('sendSpa')) return app.sendSpa(req, reply)
    return reply.code(404).type('application/json; charset=utf-8').send(JSON.stringify(body))
  })
})

declare module 'fastify' {
  interface FastifyInstance {
    sendSpa: (req: FastifyRequest, reply: FastifyReply) => unknown
  }
}
