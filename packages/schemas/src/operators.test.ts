import { describe, expect, it } from 'vitest'
import { AboutContentSchema, NoticeInputSchema, RejectionRuleInputSchema } from './operators'

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`)

describe('the operators’ inputs', () => {
  it('a notice needs a text in one language at least; its severity defaults to info', () => {
    expect(NoticeInputSchema.parse({ content_i18n: { ja: '**メンテナンス**' } })).toEqual({ severity: 2, content_i18n: { ja: '**メンテナンス**' } })
    expect(NoticeInputSchema.parse({ severity: null, content_i18n: { en: 'x' } }).severity).toBeNull()
    expect(messages(NoticeInputSchema.safeParse({ content_i18n: {} }))).toEqual(['content_i18n: needs a text in at least one language (zh, en, ja or ko)'])
    expect(messages(NoticeInputSchema.safeParse({ content_i18n: { zh: '  ', en: '' } }))).toHaveLength(1)
    expect(NoticeInputSchema.safeParse({ severity: 3, content_i18n: { en: 'x' } }).success).toBe(false)
  })

  it('about content takes http(s) links and e-mail addresses only, and fills its lists', () => {
    const parsed = AboutContentSchema.parse({ repository: 'https://example.org/dropwise', email: 'team@dropwise.example' })
    expect(parsed).toEqual({ repository: 'https://example.org/dropwise', email: 'team@dropwise.example', chat: [], donate: [], members: [], text_i18n: {} })
    for (const url of ['javascript:alert(1)', 'ftp://example.org', 'not a url', 'data:text/html,x']) {
      expect(messages(AboutContentSchema.safeParse({ chat: [{ label: 'Chat', url }] })), url).toEqual(['chat.0.url: must be an http:// or https:// URL'])
    }
    expect(messages(AboutContentSchema.safeParse({ email: 'team at dropwise' }))).toEqual(['email: must be an e-mail address'])
    expect(AboutContentSchema.safeParse({ members: [{ name: 'Amiya', role: 'owner', url: 'http://example.org/amiya' }] }).success).toBe(true)
    expect(AboutContentSchema.safeParse({ members: [{ name: 'Amiya', role: 'queen' }] }).success).toBe(false)
  })

  it('a rejection rule names a code from 256 to 1023 and at least one condition, and a window that is not empty', () => {
    expect(RejectionRuleInputSchema.parse({ reliability: 300, source: 'bad-client', from: 1, until: 2 })).toMatchObject({ reliability: 300 })
    expect(messages(RejectionRuleInputSchema.safeParse({ reliability: 300 }))).toEqual([
      ': needs at least one of server, source, version, stageId, from, until: a rule cannot reject every report',
    ])
    expect(messages(RejectionRuleInputSchema.safeParse({ reliability: 300, from: 5, until: 5 }))).toEqual(['from: from must be before until'])
    expect(RejectionRuleInputSchema.safeParse({ reliability: 300, until: 5 }).success).toBe(true)
    for (const reliability of [255, 1024, 300.5]) expect(RejectionRuleInputSchema.safeParse({ reliability, server: 'CN' }).success, String(reliability)).toBe(false)
  })
})
