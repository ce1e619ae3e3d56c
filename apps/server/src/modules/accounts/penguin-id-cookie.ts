import type { FastifyReply, FastifyRequest } from 'fastify'

const TEN_YEARS_S = 313_560_000

/** The host of the request without its port; null for localhost and IP literals (no Domain then). */
const cookieDomain = (host: string | undefined): string | null => {
  if (!host) return null
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '')
  if (!name || name === 'localhost' || name.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(name)) return null
  return `.${name}`
}

/** Announces an identity: `X-Penguin-Set-PenguinID` (what clients read) plus the `userID` cookie (§2.3). */
export const announcePenguinId = (req: FastifyRequest, reply: FastifyReply, penguinId: string) => {
  const domain = cookieDomain(req.headers.host)
  reply.header('X-Penguin-Set-PenguinID', penguinId)
  reply.header('Set-Cookie', `userID=${encodeURIComponent(penguinId)}; Max-Age=${TEN_YEARS_S}; Path=/${domain ? `; Domain=${domain}` : ''}; SameSite=None; Secure`)
}
