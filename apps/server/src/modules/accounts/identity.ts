import type { FastifyRequest } from 'fastify'
import { cookieValue } from '../../lib/cookies'

/**
 * The PenguinID a request carries (api-v2.md §2.3): the Authorization header first (scheme
 * `PenguinID`; another scheme means no identity, without falling back), else the `userID` cookie —
 * unless the request comes from a page of an origin not allowed credentials (`foreignOrigin`, set by
 * plugins/cors.ts): the browser sends the cookie with such a page's simple requests too, and it must not
 * report as the visitor.
 */
export const penguinIdOf = (req: FastifyRequest): string | null => {
  const auth = req.headers.authorization
  if (auth !== undefined) {
    const m = /^PenguinID(?:\s+(.*))?$/.exec(auth.trim())
    const id = m?.[1]?.trim()
    return id ? id : null
  }
  if (req.foreignOrigin) return null
  const cookie = cookieValue(req.headers.cookie, 'userID')
  if (cookie === undefined) return null
  try {
    return decodeURIComponent(cookie) || null
  } catch {
    return null
  }
}
