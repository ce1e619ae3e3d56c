/**
 * CORS_ORIGINS, parsed: the origins allowed to read the v2 API with the visitor's credentials (the
 * PenguinID cookie). Every other origin still reads it, but without credentials (docs/api-extensions.md §6).
 */
export interface OriginRule {
  /** `https:` or `http:` */
  protocol: string
  /** Lower-case host name; with `subdomains`, any name ending in `.<host>` matches (not the host itself). */
  host: string
  subdomains: boolean
  /** The port as a URL spells it: '' for the scheme's default. */
  port: string
}

export const CORS_ORIGINS_FORM =
  'a comma-separated list of origins (https://example.org, http://localhost:5173; https://*.example.org for its subdomains), ' +
  '`default` for the built-in list, or `none` for this site alone'

/**
 * Unset: the public Penguin Statistics web client's origins. It is served from penguin-stats.io and
 * penguin-stats.cn (and their subdomains: www, its mirrors) and sends the PenguinID cookie with every
 * request (`withCredentials`, web-reference.md row 134). This site's own origin is always allowed.
 */
export const DEFAULT_CORS_ORIGINS = ['https://penguin-stats.io', 'https://*.penguin-stats.io', 'https://penguin-stats.cn', 'https://*.penguin-stats.cn']

const HOST_LABELS = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/** One origin (`scheme://host[:port]`, nothing after it), or null. */
const parseOrigin = (entry: string): OriginRule | null => {
  const m = /^(https?):\/\/(\*\.)?([^/?#@\s]+)$/i.exec(entry)
  if (!m) return null
  const [, scheme = '', star, rest = ''] = m
  let url: URL
  try {
    url = new URL(`${scheme.toLowerCase()}://${rest}`)
  } catch {
    return null
  }
  const host = url.hostname
  // IPv6 literals keep their brackets; names must be plain DNS labels (no `*` elsewhere, no `_`).
  if (!host.startsWith('[') && !HOST_LABELS.test(host)) return null
  if (star && (host.startsWith('[') || !host.includes('.'))) return null
  return { protocol: url.protocol, host, subdomains: Boolean(star), port: url.port }
}

/** The rules, or the entries that are not valid. Unset or empty: the defaults. */
export const parseCorsOrigins = (raw: string | undefined): { ok: true; value: OriginRule[] } | { ok: false; invalid: string[] } => {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
  if (entries.length === 0) return parseCorsOrigins(DEFAULT_CORS_ORIGINS.join(','))
  const rules: OriginRule[] = []
  const invalid: string[] = []
  for (const entry of entries) {
    const word = entry.toLowerCase()
    if (word === 'none') continue
    if (word === 'default') {
      for (const d of DEFAULT_CORS_ORIGINS) rules.push(parseOrigin(d) as OriginRule)
      continue
    }
    const rule = parseOrigin(entry)
    if (rule) rules.push(rule)
    else invalid.push(entry)
  }
  if (entries.some((e) => e.toLowerCase() === 'none') && entries.length > 1) invalid.push('none (alone only)')
  return invalid.length ? { ok: false, invalid } : { ok: true, value: rules }
}

/** Whether an `Origin` header value is one the rules allow. `null` and anything that is not an origin never is. */
export const originAllowed = (rules: readonly OriginRule[], origin: string): boolean => {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.origin !== origin.toLowerCase().replace(/\/$/, '')) return false
  return rules.some((r) => r.protocol === url.protocol && r.port === url.port && (r.subdomains ? url.hostname.endsWith(`.${r.host}`) : url.hostname === r.host))
}
