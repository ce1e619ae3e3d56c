import { describe, expect, it } from 'vitest'
import { createFallbackStorage, createMemoryStorage, type KeyValue } from './storage'

const broken: KeyValue = {
  getItem: () => {
    throw new Error('denied')
  },
  setItem: () => {
    throw new Error('denied')
  },
  removeItem: () => {
    throw new Error('denied')
  },
}

describe('storage fallback', () => {
  it('walks local → session → memory and warns once when only memory works', () => {
    let warnings = 0
    const mem = createMemoryStorage()
    const s = createFallbackStorage(
      [
        { kind: 'local', get: () => broken },
        { kind: 'session', get: () => broken },
        { kind: 'memory', get: () => mem },
      ],
      () => warnings++,
    )
    s.setItem('a', '1')
    expect(s.getItem('a')).toBe('1')
    expect(s.kind).toBe('memory')
    expect(warnings).toBe(1)
  })
  it('keeps the first working backend', () => {
    const session = createMemoryStorage()
    const s = createFallbackStorage(
      [
        { kind: 'local', get: () => broken },
        { kind: 'session', get: () => session },
        { kind: 'memory', get: () => createMemoryStorage() },
      ],
      () => undefined,
    )
    s.setItem('k', 'v')
    expect(session.getItem('k')).toBe('v')
    expect(s.kind).toBe('session')
  })
})
