import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@dropwise/schemas'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { invalidRequest } from '../lib/errors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks stored text itself, part by part (a recognition batch lists bad entries in `errors`). */
    checksStoredText?: boolean
  }
}

/**
 * No request reaches a service with text the database cannot store or compare (a NUL character, an
 * unpaired UTF-16 surrogate): it is a 400 `{code, message}` naming the field, on every route, before any
 * query runs. Without this one bad string in a batch would fail the whole group commit with it.
 */
export const storableInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.config.checksStoredText) return
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      if (value === undefined || value === null || Buffer.isBuffer(value)) continue
      const path = findUnstorableText(value, part === 'body' ? '' : part)
      if (path !== null) {
        const field = path === '' || path === 'body' ? 'request' : path
        throw invalidRequest(`invalid request: ${field} ${UNSTORABLE_TEXT_MESSAGE}`, [{ field, violation: 'storable', message: `${field} ${UNSTORABLE_TEXT_MESSAGE}` }])
      }
    }
  })
})
