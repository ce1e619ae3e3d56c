import { describe, expect, it } from 'vitest'
import { MatrixQuerySchema, QueryBooleanSchema } from './queries'
import { AdvancedQueryRequestSchema, ReportRequestSchema } from './reports'
import { SeedDropInfoFileSchema, compactSeedDropInfos, type SeedDropInfo } from './seed'

// api-v2.md §12: the body MAA sends, and the variants that must be refused.
const R = {
  server: 'CN',
  source: 'MeoAssistant',
  stageId: 'wk_kc_5',
  drops: [
    { dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1 },
    { dropType: 'NORMAL_DROP', itemId: '2003', quantity: 1 },
    { dropType: 'NORMAL_DROP', itemId: '2004', quantity: 3 },
  ],
  version: 'v3.0.4',
}

describe('ReportRequestSchema', () => {
  it('accepts what MAA and the web client send, ignoring unknown keys', () => {
    expect(ReportRequestSchema.safeParse(R).success).toBe(true)
    expect(ReportRequestSchema.safeParse({ ...R, times: 6, drops: null, extra: 1 }).success).toBe(true)
    expect(ReportRequestSchema.safeParse({ ...R, drops: [{ dropType: 'REGULAR_DROP', itemId: '2002', quantity: 1000 }] }).success).toBe(true)
  })

  it.each([
    ['server UK', { ...R, server: 'UK' }],
    ['unknown drop type', { ...R, drops: [{ dropType: 'SOMEELSE_DROP', itemId: '2002', quantity: 1 }] }],
    ['missing stageId', { server: 'CN', source: 'MeoAssistant', drops: [], version: 'v3.0.4' }],
    ['quantity -1', { ...R, drops: [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: -1 }] }],
    ['quantity 0', { ...R, drops: [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: 0 }] }],
    ['quantity 1001', { ...R, drops: [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1001 }] }],
    ['times 7', { ...R, times: 7 }],
    ['empty itemId', { ...R, drops: [{ dropType: 'NORMAL_DROP', itemId: '', quantity: 1 }] }],
    ['non-ASCII source', { ...R, source: 'MAA助手' }],
  ])('refuses %s', (_name, body) => expect(ReportRequestSchema.safeParse(body).success).toBe(false))
})

describe('query parameters', () => {
  it.each([
    ['true', true],
    ['T', true],
    ['1', true],
    ['false', false],
    ['f', false],
    ['0', false],
  ])('boolean %s → %s', (raw, want) => expect(QueryBooleanSchema.parse(raw)).toBe(want))

  it('refuses other booleans and unknown categories', () => {
    expect(QueryBooleanSchema.safeParse('yes').success).toBe(false)
    expect(MatrixQuerySchema.safeParse({ category: 'other' }).success).toBe(false)
  })

  it('defaults the matrix query to CN, all, and splits filters', () => {
    expect(MatrixQuerySchema.parse({ stageFilter: 'a, b,,c' })).toEqual({ server: 'CN', category: 'all', stageFilter: ['a', 'b', 'c'] })
  })

  it('allows 1 to 5 advanced queries', () => {
    const q = { server: 'CN', stageId: 'main_01-07' }
    expect(AdvancedQueryRequestSchema.safeParse({ queries: [q] }).success).toBe(true)
    expect(AdvancedQueryRequestSchema.safeParse({ queries: [] }).success).toBe(false)
    expect(AdvancedQueryRequestSchema.safeParse({ queries: Array(6).fill(q) }).success).toBe(false)
  })
})

describe('compact drop-info file', () => {
  it('round-trips through the on-disk form', () => {
    const infos: SeedDropInfo[] = [
      { server: 'CN', stageId: 's', itemId: '1', dropType: 'NORMAL_DROP', bounds: { lower: 0, upper: 3, exceptions: [2] }, start: 1, end: null, accumulable: true },
      { server: 'CN', stageId: 's', itemId: null, dropType: 'EXTRA_DROP', bounds: { lower: 0, upper: 1 }, start: 1, end: 5, accumulable: false, inferred: ['bounds'] },
      { server: 'KR', stageId: 't', itemId: 'x', dropType: 'RECOGNITION_ONLY', bounds: null, start: 2, end: null, accumulable: true },
    ]
    expect(SeedDropInfoFileSchema.parse(JSON.parse(JSON.stringify(compactSeedDropInfos(infos))))).toEqual(infos)
  })
})
