import type { FastifyReply, FastifyRequest } from 'fastify'
import { PROOF_COOKIE, PROOF_HEADER, type ProofKey } from './identity-proof'

const TEN_YEARS_S = 313_560_000

/** The host of the request without its port; null for localhost and IP literals (no Domain then). */
const cookieDomain = (host: string | undefined): string | null => {
  if (!host) return null
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '')
  if (!name || name === 'localhost' || name.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(name)) return null
  return `.${name}`
}

/**
 * The headers that announce an identity: `X-Penguin-Set-PenguinID` (what clients read) plus the `userID`
 * cookie (§2.3), and its proof (identity-proof.ts) as `X-Penguin-Proof` for clients that keep headers and
 * as the `penguinIdProof` cookie for browsers: HttpOnly, so no script on the page can read or copy it.
 */
export const penguinIdHeaders = (req: FastifyRequest, penguinId: string, key: ProofKey): Record<string, string | string[]> => {
  const proof = proofHeaders(req, penguinId, key)
  return {
    'x-penguin-set-penguinid': penguinId,
    [PROOF_HEADER]: proof[PROOF_HEADER],
    'set-cookie': [`userID=${encodeURIComponent(penguinId)}; ${cookieScope(req)}; SameSite=None; Secure`, proof['set-cookie']],
  }
}

const cookieScope = (req: FastifyRequest) => {
  const domain = cookieDomain(req.headers.host)
  return `Max-Age=${TEN_YEARS_S}; Path=/${domain ? `; Domain=${domain}` : ''}`
}

/** A PenguinID's proof alone: `X-Penguin-Proof` and the HttpOnly `penguinIdProof` cookie. */
export const proofHeaders = (req: FastifyRequest, penguinId: string, key: ProofKey) => {
  const proof = key.sign(penguinId)
  return {
    [PROOF_HEADER]: proof,
    'set-cookie': `${PROOF_COOKIE}=${proof}; ${cookieScope(req)}; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`,
  }
}

/**
 * Announces an identity on the reply ({@link penguinIdHeaders}). A proof the reply already carries (the
 * identity guard hands one to an accepted id that came without it) is not sent twice.
 */
export const announcePenguinId = (req: FastifyRequest, reply: FastifyReply, penguinId: string, key: ProofKey) => {
  const headers = penguinIdHeaders(req, penguinId, key)
  if (reply.getHeader(PROOF_HEADER) === headers[PROOF_HEADER]) {
    reply.header('x-penguin-set-penguinid', penguinId)
    reply.header('set-cookie', (headers['set-cookie'] as string[])[0])
    return
  }
  reply.headers(headers)
}
