import negotiate from '@fastify/accept-negotiator'

/** The content codings the server sends besides the bytes as they are, in its order of preference. */
export type ContentCoding = 'br' | 'gzip'

/**
 * The codings among `offered` that a request's `Accept-Encoding` accepts, best first (the client's q-values,
 * ties in `offered`'s order), through @fastify/accept-negotiator: `gzip;q=0` refuses gzip, `*` accepts what is
 * offered, a missing header accepts none. The bytes as they are stay acceptable in every case (the server has no
 * 406 for want of a coding).
 */
export const acceptedCodings = <K extends ContentCoding>(header: string | string[] | undefined, offered: readonly K[]): K[] => {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  const out: K[] = []
  let rest = [...offered]
  while (rest.length > 0) {
    const best = negotiate(text, rest)
    if (best === null) break
    out.push(best)
    rest = rest.filter((c) => c !== best)
  }
  return out
}

/** Whether a request accepts a gzip body. */
export const acceptsGzip = (header: string | string[] | undefined): boolean => acceptedCodings(header, ['gzip']).length > 0
