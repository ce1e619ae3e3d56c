import { ERROR_MESSAGES, type ApiError } from '@dropwise/schemas'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Duplex } from 'node:stream'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { DB_RETRY_AFTER_S, DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../lib/db-unavailable'
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
      if (error.headers) void reply.headers(error.headers)
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
    } else if (isDatabaseUnavailable(error)) {
      // An outage, a restart, a failover: the client retries (MAA honours Retry-After); nothing was acknowledged.
      req.log.warn({ err: error }, 'database unavailable')
      status = 503
      body = { code: 'SERVICE_UNAVAILABLE', message: DB_UNAVAILABLE_MESSAGE }
      void reply.header('retry-after', String(DB_RETRY_AFTER_S))
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

const PARSER_MESSAGES: Record<string, string> = {
  HPE_INVALID_CHUNK_SIZE: 'the chunked body is malformed (bad chunk size)',
  HPE_INVALID_TRANSFER_ENCODING: 'the Transfer-Encoding header is not valid',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'Content-Length and Transfer-Encoding: chunked conflict; send one of them',
  HPE_INVALID_CONTENT_LENGTH: 'the Content-Length header is not valid (or sent twice with different values)',
  HPE_INVALID_HEADER_TOKEN: 'a header name or value holds a character HTTP does not allow',
  HPE_INVALID_METHOD: 'the request method is not valid',
  HPE_INVALID_URL: 'the request URL is not valid',
  HPE_INVALID_VERSION: 'the HTTP version is not valid',
  HPE_LF_EXPECTED: 'a line of the request does not end with CRLF',
  HPE_CR_EXPECTED: 'a line of the request does not end with CRLF',
}

/**
 * Errors Node's HTTP parser raises before any route runs (bad chunking, conflicting Transfer-Encoding and
 * Content-Length, control characters in headers, a request not received within the request timeout) still
 * answer in the contract's shape `{code, message}`; then the connection closes, as HTTP requires.
 */
export const clientErrorHandler = (err: NodeJS.ErrnoException & { code?: string }, socket: Duplex) => {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const code = err.code ?? ''
  const [status, text, message] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'invalid request: the request was not received in time; send it again']
      : code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'invalid request: the request headers are too large']
        : [400, 'Bad Request', `invalid request: ${PARSER_MESSAGES[code] ?? 'the request is not valid HTTP/1.1'}`]
  const body = JSON.stringify({ code: 'INVALID_REQUEST', message } satisfies ApiError)
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  } else {
    socket.destroy()
  }
}

/** Router-level errors (a URL that cannot be decoded …) in the contract's shape too. */
export const frameworkErrors = (error: FastifyError, _req: FastifyRequest, reply: FastifyReply) =>
  reply
    .code(400)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code: 'INVALID_REQUEST', message: `invalid request: ${error.message}` } satisfies ApiError))
