import { describe, expect, it } from 'vitest'
import { toViolations } from './violations'

describe('toViolations', () => {
  it.each([
    [{ keyword: 'invalid_value', instancePath: '/server', message: 'Invalid option' }, 'server', 'arkserver'],
    [{ keyword: 'invalid_value', instancePath: '/category', message: 'Invalid option' }, 'category', 'oneof'],
    [{ keyword: 'invalid_type', instancePath: '/stageId', message: 'Invalid input: expected string, received undefined' }, 'stageId', 'required'],
    [{ keyword: 'too_small', instancePath: '/drops/0/quantity', params: { origin: 'number' } }, 'drops.0.quantity', 'gte'],
    [{ keyword: 'too_big', instancePath: '/source', params: { origin: 'string' } }, 'source', 'max'],
    [{ keyword: 'invalid_format', instancePath: '/version', message: 'must be printable ASCII' }, 'version', 'printascii'],
  ])('%o → field %s, rule %s', (issue, field, violation) => {
    expect(toViolations([issue])).toEqual([{ field, violation, message: expect.any(String) }])
  })

  it('names the context when the issue has no path', () => {
    expect(toViolations([{ keyword: 'invalid_type', instancePath: '', message: 'expected object' }], 'body')[0]?.field).toBe('body')
  })
})
