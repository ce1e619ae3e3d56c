import { describe, expect, it } from 'vitest'
import { buildTitle } from './route-handle'

describe('route handle', () => {
  it('builds titles from matched routes', () => {
    expect(buildTitle(['Drop Rates', 'By Item'], 'Dropwise', ' ‹ ', ' │ ')).toBe('By Item ‹ Drop Rates │ Dropwise')
    expect(buildTitle([], 'Dropwise', ' ‹ ', ' │ ')).toBe('Dropwise')
  })
})
