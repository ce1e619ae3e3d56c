import { isIP } from 'node:net'

/**
 * TRUST_PROXY, parsed: how many reverse proxies stand in front (a hop count), which addresses are proxies
 * (addresses / CIDR ranges), or off. Never "trust every hop": then a client's own X-Forwarded-For would win.
 */
export type TrustProxy = number | string[] | false

export const TRUST_PROXY_FORM =
  'a hop count (a whole number ≥ 0: 1 = one reverse proxy in front; true = 1; 0/false = off) or a comma-separated ' +
  'list of proxy addresses/CIDR ranges such as 127.0.0.1,10.0.0.0/8'

/** An IPv4/IPv6 address, or one with a /prefix (CIDR range). */
const isAddressOrRange = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (!version || rest.length) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))
}

/** The value, or the entries that are not valid. Unset and empty mean off. */
export const parseTrustProxy = (raw: string | undefined): { ok: true; value: TrustProxy } | { ok: false; invalid: string[] } => {
  const v = (raw ?? '').trim()
  const word = v.toLowerCase()
  if (word === '' || word === 'false') return { ok: true, value: false }
  if (word === 'true') return { ok: true, value: 1 }
  if (/^\d+$/.test(v)) return { ok: true, value: Number(v) || false }
  const entries = v.split(',').map((e) => e.trim())
  const invalid = entries.filter((e) => !isAddressOrRange(e))
  return invalid.length ? { ok: false, invalid } : { ok: true, value: entries }
}

/**
 * Fastify's `trustProxy` for a parsed TRUST_PROXY. A hop count becomes a function trusting the nearest
 * `hops` addresses (the socket peer, then the entries the proxies appended, right to left), so the client
 * address is the one the outermost trusted proxy appended and anything the client wrote further left is
 * ignored. (Fastify 5.12 ignores a plain number: it trusts nothing then.) A hop count cannot check who the
 * peer is, so the port must be reachable only through the proxies; otherwise list their addresses.
 */
export const fastifyTrustProxy = (value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value
