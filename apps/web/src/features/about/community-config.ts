import { isRecord } from '../../lib/guards'

/**
 * The operator's own community links, read from `community` in GET /config (the admin-maintained
 * object the server serves verbatim). Dropwise ships no addresses of its own people or accounts:
 * an instance lists what it has, the pages say so when a field is missing.
 *
 * ```json
 * { "community": {
 *     "repository": "https://git.example/dropwise", "issues": "https://git.example/dropwise/issues",
 *     "chat": [{ "label": "Discord", "url": "https://…" }], "email": "team@example.org",
 *     "donate": [{ "label": "Open Collective", "url": "https://…" }],
 *     "members": [{ "name": "…", "role": "owner", "url": "https://…" }] } }
 * ```
 */
export const MEMBER_ROLES = ['owner', 'maintainer', 'contributor', 'translator', 'other'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

export interface CommunityLink {
  label: string
  url: string
}
export interface CommunityMember {
  name: string
  role: MemberRole
  url?: string
}
export interface CommunityConfig {
  repository?: string
  issues?: string
  email?: string
  chat: CommunityLink[]
  donate: CommunityLink[]
  members: CommunityMember[]
}

const httpUrl = (v: unknown): v is string => {
  if (typeof v !== 'string') return false
  try {
    const u = new URL(v)
    return u.protocol === 'https:' || u.protocol === 'http:'
  } catch {
    return false
  }
}
const links = (v: unknown): CommunityLink[] =>
  Array.isArray(v) ? v.flatMap((l) => (isRecord(l) && typeof l.label === 'string' && l.label && httpUrl(l.url) ? [{ label: l.label, url: l.url }] : [])) : []

/** Fields of the wrong shape (or addresses that are not http(s)) are left out. */
export const readCommunityConfig = (config: unknown): CommunityConfig => {
  const c = isRecord(config) && isRecord(config.community) ? config.community : {}
  const out: CommunityConfig = { chat: links(c.chat), donate: links(c.donate), members: [] }
  if (httpUrl(c.repository)) out.repository = c.repository
  if (httpUrl(c.issues)) out.issues = c.issues
  if (typeof c.email === 'string' && /^[^\s@]+@[^\s@]+$/.test(c.email)) out.email = c.email
  if (Array.isArray(c.members))
    out.members = c.members.flatMap((m) =>
      isRecord(m) && typeof m.name === 'string' && m.name && (MEMBER_ROLES as readonly unknown[]).includes(m.role)
        ? [{ name: m.name, role: m.role as MemberRole, ...(httpUrl(m.url) ? { url: m.url } : {}) }]
        : [],
    )
  return out
}
