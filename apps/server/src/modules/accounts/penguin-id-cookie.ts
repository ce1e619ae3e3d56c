import type { FastifyReply, FastifyRequest } from 'fastify'

const TEN_YEARS_S = 313_560_000

/** The host of the request without its port; null for localhost and IP literals (no Domain then). */
const cookieDomain = (host: string | undefined): string | null => {
  if (!host) return null
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '')
  if (!name || name === 'localhost' || name.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(name)) return null
  return `.${name}`
}

/** The headers that announce an identity: `X-Penguin-Set-PenguinID` (what clients read) plus the `userID` cookie (§2.3). */
export const penguinIdHeaders = (req: FastifyRequest, penguinId: string): Record<string, string> => {
  const domain = cookieDomain(req.headers.host)
  return {
    'x-penguin-set-penguinid': penguinId,
    'set-cookie': `userID=${encodeURIComponent(penguinId)}; Max-Age=${TEN_YEARS_S}; Path=/${domain ? `; Domain=${domain}` : ''}; SameSite=None; Secure`,
  }
}

/** Announces an identity on the reply ({@link penguinIdHeaders}). */
export const announcePenguinId = (req: FastifyRequest, reply: FastifyReply, penguinId: string) => {
  reply.headers(penguinIdHeaders(req, penguinId))
}
