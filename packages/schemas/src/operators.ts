import { z } from 'zod'
import { ExistenceSchema, MsSchema, ServerSchema } from './common'
import { NoticeSchema } from './reference'
import { StorableText } from './text'

/**
 * What the operators' routes (`/api/_/ops/…`, Bearer `OPS_TOKEN`) take and answer: notices, the about
 * pages' content, rejection rules and the audit of every change (issue 36 item 5).
 */

const text = (max: number) => StorableText().max(max)
const markdown = text(20_000).describe('markdown (sanitised where the web app renders it)')
/** Markdown per language; any of the four may be missing. */
const MarkdownI18nSchema = z.object({ zh: markdown, en: markdown, ja: markdown, ko: markdown }).partial()
const LabelI18nSchema = z.object({ zh: text(100), en: text(100), ja: text(100), ko: text(100) }).partial()
const httpUrl = text(2048).refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), 'must be an http:// or https:// URL')

/** 0 error, 1 warning, 2 info (the web client's styles, api-v2 §6.4). */
export const NOTICE_SEVERITIES = [0, 1, 2] as const

export const NoticeInputSchema = z
  .object({
    severity: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .nullable()
      .default(2)
      .describe('0 error, 1 warning, 2 info; null shows as info'),
    content_i18n: MarkdownI18nSchema,
    existence: ExistenceSchema.optional().describe('per server; left out: shown on every server, always'),
  })
  .refine((n) => Object.values(n.content_i18n).some((t) => t !== undefined && t.trim() !== ''), {
    message: 'needs a text in at least one language (zh, en, ja or ko)',
    path: ['content_i18n'],
  })
  .meta({ id: 'NoticeBody' })
export type NoticeInput = z.infer<typeof NoticeInputSchema>

export const OpsNoticeSchema = NoticeSchema.extend({
  createdAt: MsSchema.nullable().describe('null for notices that came with the seed'),
  updatedAt: MsSchema.nullable(),
  retiredAt: MsSchema.nullable().describe('set: no longer served by /notice'),
}).meta({ id: 'OpsNotice' })
export type OpsNotice = z.infer<typeof OpsNoticeSchema>
export const OpsNoticeListSchema = z.array(OpsNoticeSchema)

export const MEMBER_ROLES = ['owner', 'maintainer', 'contributor', 'translator', 'other'] as const
const AboutLinkSchema = z.object({ label: text(100).min(1), label_i18n: LabelI18nSchema.optional(), url: httpUrl })

/**
 * The about pages' content (members, contact, donation), one object for every language: names and
 * addresses as they are, texts and link labels per language. The same fields as `/config` `community`,
 * which the web app still reads when none is set.
 */
export const AboutContentSchema = z
  .object({
    repository: httpUrl.optional(),
    issues: httpUrl.optional(),
    email: text(254)
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address')
      .optional(),
    chat: z.array(AboutLinkSchema).max(50).default([]),
    donate: z.array(AboutLinkSchema).max(50).default([]),
    members: z
      .array(z.object({ name: text(100).min(1), role: z.enum(MEMBER_ROLES), url: httpUrl.optional(), note_i18n: LabelI18nSchema.optional() }))
      .max(500)
      .default([]),
    /** A text per page and language, shown above the lists (markdown). */
    text_i18n: z.object({ members: MarkdownI18nSchema, contact: MarkdownI18nSchema, donate: MarkdownI18nSchema }).partial().default({}),
  })
  .meta({ id: 'AboutContent' })
export type AboutContent = z.infer<typeof AboutContentSchema>

/** `GET /api/_/about`: the content, or null when the operator set none. */
export const AboutSchema = z.object({ content: AboutContentSchema.nullable(), updatedAt: MsSchema.nullable() }).meta({ id: 'About' })
export type About = z.infer<typeof AboutSchema>

export const RejectionRuleInputSchema = z
  .object({
    reliability: z.number().int().min(256).max(1023).describe('the code the matching reports get (api-v2 §7.4: 256-1023)'),
    server: ServerSchema.optional(),
    source: text(128).min(1).optional().describe('the report’s `source`, exactly'),
    version: text(128).min(1).optional().describe('the report’s client `version`, exactly'),
    stageId: text(128).min(1).optional(),
    from: MsSchema.optional().describe('reports created at or after'),
    until: MsSchema.optional().describe('reports created before'),
    note: text(500).optional(),
  })
  .refine((r) => [r.server, r.source, r.version, r.stageId, r.from, r.until].some((v) => v !== undefined), {
    message: 'needs at least one of server, source, version, stageId, from, until: a rule cannot reject every report',
  })
  .refine((r) => r.from === undefined || r.until === undefined || r.from < r.until, { message: 'from must be before until', path: ['from'] })
  .meta({ id: 'RejectionRuleBody' })
export type RejectionRuleInput = z.infer<typeof RejectionRuleInputSchema>

export const RejectionRuleSchema = z
  .object({
    id: z.number().int(),
    reliability: z.number().int(),
    server: ServerSchema.nullable(),
    source: z.string().nullable(),
    version: z.string().nullable(),
    stageId: z.string().nullable(),
    from: MsSchema.nullable(),
    until: MsSchema.nullable(),
    note: z.string().nullable(),
    createdAt: MsSchema,
    removedAt: MsSchema.nullable(),
    rejected: z.number().int().describe('reports this rule rejects now'),
  })
  .meta({ id: 'RejectionRule' })
export type RejectionRule = z.infer<typeof RejectionRuleSchema>
export const RejectionRuleListSchema = z.array(RejectionRuleSchema)
export const RuleAddedSchema = z.object({ rule: RejectionRuleSchema, rejected: z.number().int().describe('counted reports it took out of the statistics') })
export const RuleRemovedSchema = z.object({
  rule: RejectionRuleSchema,
  restored: z.number().int().describe('reports counted again'),
  moved: z.number().int().describe('reports another active rule still rejects'),
})

export const AUDIT_ACTIONS = ['notice.add', 'notice.edit', 'notice.retire', 'about.set', 'about.clear', 'rule.add', 'rule.remove'] as const
export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: MsSchema,
    actor: z.string().describe('`token:<first 12 hex of SHA-256(token)>`, or `file:<name>` for ABOUT_FILE'),
    action: z.enum(AUDIT_ACTIONS),
    target: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' })
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), next: z.number().int().nullable().describe('`before` for the next page') })
export const AuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().optional().describe('entries with a smaller id (paging)'),
})
