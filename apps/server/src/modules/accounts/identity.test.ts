import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { penguinIdOf } from './identity'

const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest

describe('penguinIdOf (api-v2 §2.3)', () => {
  it.each([
    [{ authorization: 'PenguinID 004213377' }, '004213377'],
    [{ authorization: 'PenguinID   12345678  ' }, '12345678'],
    [{ authorization: 'PenguinID' }, null],
    [{ authorization: 'Bearer abc', cookie: 'userID=004213377' }, null],
    [{ cookie: 'a=1; userID=004213377; b=2' }, '004213377'],
    [{ cookie: 'userID=%30%30%31' }, '001'],
    [{ cookie: 'userID=%E0%A4%A' }, null],
    [{}, null],
  ])('%o → %s', (headers, want) => expect(penguinIdOf(req(headers))).toBe(want))
})
