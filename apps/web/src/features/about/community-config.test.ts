import { describe, expect, it } from 'vitest'
import { readAboutContent, readCommunityConfig } from './community-config'

describe('community config', () => {
  it('is empty without a community object', () => {
    expect(readCommunityConfig({})).toEqual({ chat: [], donate: [], members: [] })
    expect(readCommunityConfig(null)).toEqual({ chat: [], donate: [], members: [] })
  })

  it('keeps well-formed fields and drops the rest', () => {
    const c = readCommunityConfig({
      community: {
        repository: 'https://git.example/dropwise',
        issues: 'javascript:alert(1)',
        email: 'team@example.org',
        chat: [
          { label: 'Chat', url: 'https://chat.example' },
          { label: '', url: 'https://x.example' },
          { label: 'Bad', url: 'ftp://x' },
        ],
        donate: 'nope',
        members: [
          { name: 'Ada', role: 'owner', url: 'https://ada.example' },
          { name: 'Bob', role: 'emperor' },
          { name: 'Cy', role: 'translator', url: 'not a url' },
        ],
      },
    })
    expect(c).toEqual({
      repository: 'https://git.example/dropwise',
      email: 'team@example.org',
      chat: [{ label: 'Chat', url: 'https://chat.example' }],
      donate: [],
      members: [
        { name: 'Ada', role: 'owner', url: 'https://ada.example' },
        { name: 'Cy', role: 'translator' },
      ],
    })
  })
})

describe('about content (GET /api/_/about)', () => {
  const content = {
    repository: 'https://git.example/dropwise',
    email: 'team@example.org',
    chat: [
      { label: 'Chat', label_i18n: { zh: '群聊', ja: 'チャット' }, url: 'https://chat.example' },
      { label: 'Bad', url: 'javascript:alert(1)' },
    ],
    donate: [{ label: 'Open Collective', label_i18n: { ko: '후원' }, url: 'https://oc.example' }],
    members: [
      { name: 'Amiya', role: 'owner', note_i18n: { en: 'Leader', zh: '领袖' } },
      { name: 'Bob', role: 'emperor' },
    ],
    text_i18n: { donate: { en: 'Thank **you**', ja: 'ありがとう' }, members: { zh: '  ' } },
  }

  it('is null when nothing is set, so the pages fall back to /config community', () => {
    expect(readAboutContent(null, 'en')).toBeNull()
    expect(readAboutContent('nope', 'en')).toBeNull()
  })

  it('reads labels, notes and texts in the page’s language, English and then the label as fallbacks, and drops bad fields', () => {
    expect(readAboutContent(content, 'zh')).toEqual({
      repository: 'https://git.example/dropwise',
      email: 'team@example.org',
      chat: [{ label: '群聊', url: 'https://chat.example' }],
      donate: [{ label: 'Open Collective', url: 'https://oc.example' }],
      members: [{ name: 'Amiya', role: 'owner', note: '领袖' }],
      texts: { donate: 'Thank **you**' },
    })
    const ja = readAboutContent(content, 'ja')
    expect(ja?.chat[0]?.label).toBe('チャット')
    expect(ja?.members[0]?.note).toBe('Leader')
    expect(ja?.texts).toEqual({ donate: 'ありがとう' })
    expect(readAboutContent(content, 'ko')?.donate[0]?.label).toBe('후원')
    expect(readAboutContent({}, 'en')).toEqual({ chat: [], donate: [], members: [], texts: {} })
  })
})
