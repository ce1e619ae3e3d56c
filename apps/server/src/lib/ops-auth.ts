import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { unauthorized } from './errors'

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

/**
 * The check of the operators' routes: `Authorization: Bearer <OPS_TOKEN>`. Both sides are hashed first, so
 * the comparison takes the same time whatever the length or the first differing byte of what was sent.
 * Without a configured token every call is refused: the routes exist but are closed.
 */
export const createOpsAuth = (token: string | undefined) => {
  const expected = token === undefined ? undefined : digest(token)
  return {
    enabled: expected !== undefined,
    /** A Fastify `onRequest`/`preHandler` hook: throws 401 `{code, message}` unless the token matches. */
    check: async (req: FastifyRequest): Promise<void> => {
      if (expected === undefined) throw unauthorized('the operators’ routes are closed on this server: set OPS_TOKEN to open them')
      const header = req.headers.authorization ?? ''
      const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)
      if (!match?.[1]) throw unauthorized('send Authorization: Bearer <OPS_TOKEN>')
      if (!timingSafeEqual(digest(match[1]), expected)) throw unauthorized('the OPS_TOKEN sent is not this server’s')
    },
  }
}
export type OpsAuth = ReturnType<typeof createOpsAuth>
