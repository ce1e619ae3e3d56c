import { isRecord } from '../../lib/guards'
import { localized } from '../../lib/i18n'

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
  /** A line about the member, in the page's language. */
  note?: string
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

/** The operator's markdown per page, in the page's language (sanitised where rendered). */
export interface CommunityTexts {
  members?: string
  contact?: string
  donate?: string
}
/** What the about pages show: the about content when the operator set one, else `/config` `community`. */
export interface AboutView extends CommunityConfig {
  texts: CommunityTexts
}

type I18nMap = Partial<Record<'zh' | 'en' | 'ja' | 'ko', string>>
const i18nMap = (v: unknown): I18nMap | undefined =>
  isRecord(v) ? (Object.fromEntries(Object.entries(v).filter(([k, t]) => ['zh', 'en', 'ja', 'ko'].includes(k) && typeof t === 'string')) as I18nMap) : undefined

/**
 * The about content of `GET /api/_/about` in `language` (labels, notes and texts fall back to English,
 * then to the label as written); null when none is set. Fields of the wrong shape are left out, as in `/config`.
 */
export const readAboutContent = (content: unknown, language: string): AboutView | null => {
  if (!isRecord(content)) return null
  const base = readCommunityConfig({ community: content })
  const labelled = (list: unknown, kept: CommunityLink[]): CommunityLink[] =>
    kept.map((l) => {
      const raw = Array.isArray(list) ? list.find((x) => isRecord(x) && x.url === l.url && x.label === l.label) : undefined
      return { label: localized(isRecord(raw) ? i18nMap(raw.label_i18n) : undefined, l.label, language), url: l.url }
    })
  const members = base.members.map((m) => {
    const raw = Array.isArray(content.members) ? content.members.find((x) => isRecord(x) && x.name === m.name && x.role === m.role) : undefined
    const note = localized(isRecord(raw) ? i18nMap(raw.note_i18n) : undefined, '', language)
    return note ? { ...m, note } : m
  })
  const texts: CommunityTexts = {}
  const allTexts = isRecord(content.text_i18n) ? content.text_i18n : {}
  for (const page of ['members', 'contact', 'donate'] as const) {
    const text = localized(i18nMap(allTexts[page]), '', language).trim()
    if (text) texts[page] = text
  }
  return { ...base, chat: labelled(content.chat, base.chat), donate: labelled(content.donate, base.donate), members, texts }
}
