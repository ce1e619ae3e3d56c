import { describe, expect, it } from 'vitest'
import { readCommunityConfig } from './community-config'

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
