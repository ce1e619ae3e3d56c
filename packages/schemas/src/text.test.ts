import { describe, expect, it } from 'vitest'
import { findUnstorableText, isStorableText, StorableText } from './text'

describe('storable text', () => {
  it.each([
    ['plain', 'abc', true],
    ['CJK and emoji (a proper pair)', '固源岩 😀', true],
    ['NUL', 'a\u0000b', false],
    ['lone high surrogate', 'a\uD83Db', false],
    ['lone high surrogate at the end', 'a\uD83D', false],
    ['lone low surrogate', '\uDE00x', false],
    ['reversed pair', '\uDE00\uD83D', false],
  ])('%s → %s', (_name, text, ok) => {
    expect(isStorableText(text)).toBe(ok)
    expect(StorableText().safeParse(text).success).toBe(ok)
  })

  it('finds the path of the first unstorable string, keys included', () => {
    expect(findUnstorableText({ a: ['x', { b: 'ok' }] })).toBeNull()
    expect(findUnstorableText({ a: ['x', { b: 'o\u0000k' }] })).toBe('a.1.b')
    expect(findUnstorableText({ metadata: { ['k\uD800']: 1 } })).toBe('metadata.(key)')
    expect(findUnstorableText('\u0000')).toBe('body')
    expect(findUnstorableText({ q: '\u0000' }, 'query')).toBe('query.q')
  })

  it('walks deep nesting without recursion', () => {
    let deep: unknown = '\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)+$/)
  })
})
