import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { cookieValue } from '../../lib/cookies'

/** The cookie and header that carry a PenguinID's proof (docs/api-extensions.md §4). */
export const PROOF_COOKIE = 'penguinIdProof'
export const PROOF_HEADER = 'x-penguin-proof'
const VERSION = 'v1.'

/** Signs and checks proofs with one secret: `v1.` + base64url(HMAC-SHA256(secret, PenguinID)). */
export interface ProofKey {
  sign(penguinId: string): string
  /** Whether `proof` is the proof of `penguinId`, compared in constant time. */
  verify(penguinId: string, proof: string): boolean
}

export const createProofKey = (secret: string): ProofKey => {
  const sign = (penguinId: string) => VERSION + createHmac('sha256', secret).update(penguinId).digest('base64url')
  return {
    sign,
    verify(penguinId, proof) {
      const want = Buffer.from(sign(penguinId))
      const got = Buffer.from(proof)
      return got.length === want.length && timingSafeEqual(got, want)
    },
  }
}

/**
 * A PenguinID proof: what the server hands out with every PenguinID it announces (a login, a new
 * account), so the owner can show later that the server gave them this id, and nobody who merely
 * guessed it can. The identity guard lets a request with a valid proof through without charge.
 *
 * The secret is `IDENTITY_SECRET` when the operator sets it, else the one stored in the database
 * (identity-secret.repository.ts), loaded on first use and kept; a failed load is tried again next time.
 */
export const createIdentityProofs = ({ secret, loadSecret }: { secret?: string; loadSecret: () => Promise<string> }) => {
  let key: Promise<ProofKey> | null = secret ? Promise.resolve(createProofKey(secret)) : null
  const load = () => {
    key ??= loadSecret().then(createProofKey, (err: unknown) => {
      key = null
      throw err
    })
    return key
  }
  return {
    /** The key proofs are signed with (the database is read once, on the first call). */
    key: load,
    /**
     * Whether the request carries the proof of `penguinId` (the `X-Penguin-Proof` header, else the
     * `penguinIdProof` cookie). False, never an error, when there is none, it is wrong, or the secret
     * cannot be read now: the caller is then treated as anyone else.
     */
    async held(req: FastifyRequest, penguinId: string): Promise<boolean> {
      const header = req.headers[PROOF_HEADER]
      const proof = (Array.isArray(header) ? header[0] : header) ?? (req.foreignOrigin ? undefined : cookieValue(req.headers.cookie, PROOF_COOKIE))
      if (!proof) return false
      try {
        return (await load()).verify(penguinId, proof)
      } catch {
        return false
      }
    },
  }
}
export type IdentityProofs = ReturnType<typeof createIdentityProofs>
