import { EXCEPTION_CODES } from '@dropwise/recognizer'
import { describe, expect, it } from 'vitest'
import en from '../../locales/recognition/en.json'
import { EXCEPTION_KEYS } from './exception-keys'

const lookup = (key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), en)

describe('exception keys', () => {
  it('give each of the 14 codes its own title and hint', () => {
    expect(Object.keys(EXCEPTION_KEYS).sort()).toEqual([...EXCEPTION_CODES].sort())
    expect(EXCEPTION_CODES).toHaveLength(14)
    const titles = new Set<string>()
    for (const code of EXCEPTION_CODES) {
      const { title, hint } = EXCEPTION_KEYS[code]
      expect(typeof lookup(title), title).toBe('string')
      expect(typeof lookup(hint), hint).toBe('string')
      titles.add(lookup(title) as string)
    }
    expect(titles.size).toBe(14)
  })
})
