import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { invalidRequest } from '../lib/errors'

/**
 * Deepest nesting a JSON body may have (a top-level object or array is 1). The deepest honest bodies are
 * a recognition batch (4: batch → entries → entry → drops → drop) and a defect report's recognition
 * result (5-6: result → drops → drop → confidence); 32 leaves room for any client we know of, while
 * recursive code (zod, the storable-text walk, JSON columns) never meets thousands of levels.
 */
export const MAX_JSON_DEPTH = 32

/** Whether a parsed value nests deeper than `limit`; iterative (an explicit stack), so no depth can overflow it. */
export const nestsDeeperThan = (value: unknown, limit: number): boolean => {
  const stack: [unknown, number][] = [[value, 1]]
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, depth] = top
    if (node === null || typeof node !== 'object') continue
    if (depth > limit) return true
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return false
}

/** The same for JSON text not parsed yet (a body sent as text/plain): brackets outside strings, one pass. */
export const textNestsDeeperThan = (text: string, limit: number): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

const TOO_DEEP = `invalid request: the JSON body nests more than ${MAX_JSON_DEPTH} levels deep`

/**
 * Every JSON body of the server, whichever parser read it (application/json, the lenient parser of
 * `compat.ts`, text a route parses itself), is refused with 400 `{code, message}` when it nests deeper
 * than {@link MAX_JSON_DEPTH}, before any route's own hook or validation runs. Sizes are Fastify's
 * `bodyLimit` (2 MB; smaller where a route sets its own, docs/api-extensions.md §4), a 413.
 */
export const jsonLimitsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    const body: unknown = req.body
    if (body === undefined || body === null || Buffer.isBuffer(body)) return
    const tooDeep = typeof body === 'string' ? textNestsDeeperThan(body, MAX_JSON_DEPTH) : nestsDeeperThan(body, MAX_JSON_DEPTH)
    if (tooDeep) throw invalidRequest(TOO_DEEP, [{ field: 'request', violation: 'depth', message: TOO_DEEP.slice('invalid request: '.length) }])
  })
})
