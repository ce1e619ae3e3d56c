import type { FastifyRequest } from 'fastify'

/**
 * The PenguinID a request carries (api-v2.md §2.3): the Authorization header first (scheme
 * `PenguinID`; another scheme means no identity, without falling back), else the `userID` cookie.
 */
export const penguinIdOf = (req: FastifyRequest): string | null => {
  const auth = req.headers.authorization
  if (auth !== undefined) {
    const m = /^PenguinID(?:\s+(.*))?$/.exec(auth.trim())
    const id = m?.[1]?.trim()
    return id ? id : null
  }
  const cookie = req.headers.cookie
  if (!cookie) return null
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== 'userID') continue
    try {
      const id = decodeURIComponent(part.slice(eq + 1).trim())
      return id || null
    } catch {
      return null
    }
  }
  return null
}
