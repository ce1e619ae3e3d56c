import type { DropType } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import type { DropTableEntry, ReportDropType } from './drop-table'
import { verifyReport } from './verify-report'
import { type ValidationResult, deviationRate, failedCheck, isRecognitionViolation, precheckSubmit, validateReport, validationLevel } from './validate-report'

const item = (itemId: string, lower: number, upper: number, dropType: DropType = 'NORMAL_DROP', exceptions?: number[]): DropTableEntry => ({
  itemId,
  dropType,
  bounds: exceptions ? { lower, upper, exceptions } : { lower, upper },
})
const type = (dropType: DropType, lower: number, upper: number, exceptions?: number[]): DropTableEntry => ({
  dropType,
  bounds: exceptions ? { lower, upper, exceptions } : { lower, upper },
})
const drop = (itemId: string, quantity: number, dropType: ReportDropType = 'NORMAL_DROP') => ({ dropType, itemId, quantity })

describe('deviationRate', () => {
  it.each([
    [6, 0, 3, 1], // the web reference's example
    [3, 0, 3, 0],
    [0, 1, 1, 1],
    [1, 2, 4, 0.5],
    [5, 1, 2, 1.5],
    [1, 0, 0, Infinity],
    [0, 0, 0, 0],
    [2, 1, 3, 0], // inside (even when 2 is an exception)
  ])('value %i in [%i, %i] → %s', (value, lower, upper, want) => expect(deviationRate(value, { lower, upper })).toBe(want))
})

describe('failedCheck order gte, lte, not', () => {
  it.each([
    [0, { lower: 1, upper: 3 }, 'gte'],
    [4, { lower: 1, upper: 3 }, 'lte'],
    [2, { lower: 1, upper: 3, exceptions: [2] }, 'not'],
    [4, { lower: 1, upper: 3, exceptions: [4] }, 'lte'],
    [3, { lower: 1, upper: 3, exceptions: [2] }, null],
    [3, { lower: 1, upper: 3, exceptions: null }, null],
  ] as const)('%i against %o → %s', (value, bounds, want) => expect(failedCheck(value, bounds)).toBe(want))
})

describe('validateReport (spec 001 §4)', () => {
  const table: DropTableEntry[] = [
    item('2002', 0, 2),
    item('2003', 0, 2),
    item('2004', 1, 3),
    type('NORMAL_DROP', 2, 3),
    item('furni', 0, 1, 'FURNITURE'),
    type('FURNITURE', 0, 0),
    item('sp', 0, 1, 'SPECIAL_DROP', [1]),
    { itemId: 'recog', dropType: 'RECOGNITION_ONLY', bounds: null },
  ]

  it('a plausible report has no violations', () => {
    expect(validateReport([drop('2002', 1), drop('2004', 3)], table)).toEqual({ violations: [], totalRate: 0, level: 'ok' })
  })

  it('an empty report violates the lower bounds', () => {
    const result = validateReport([], table)
    expect(result.violations).toEqual([
      { kind: 'type', dropType: 'NORMAL_DROP', value: 0, check: 'gte', bounds: { lower: 2, upper: 3 }, rate: 1 },
      { kind: 'item', dropType: 'NORMAL_DROP', itemId: '2004', value: 0, check: 'gte', bounds: { lower: 1, upper: 3 }, rate: 1 },
    ])
    expect(result.totalRate).toBe(2)
    expect(result.level).toBe('warning') // exactly 2 is still a warning
  })

  it('sums the rates; above 2 is danger', () => {
    // 2002: 6 in [0,2] → 2; 2004: 3 fine; normal count 2 fine
    const result = validateReport([drop('2002', 6), drop('2004', 3)], table)
    expect(result.violations.map((v) => [v.kind, v.check, v.rate])).toEqual([['item', 'lte', 2]])
    expect(result.level).toBe('warning')
    const worse = validateReport([drop('2002', 7), drop('2004', 3)], table)
    expect(worse.totalRate).toBe(2.5)
    expect(worse.level).toBe('danger')
  })

  it('exceptions are violations with rate 0', () => {
    const result = validateReport([drop('2002', 1), drop('2004', 1), drop('sp', 1, 'SPECIAL_DROP')], table)
    expect(result.violations).toEqual([
      { kind: 'item', dropType: 'SPECIAL_DROP', itemId: 'sp', value: 1, check: 'not', bounds: { lower: 0, upper: 1, exceptions: [1] }, rate: 0 },
    ])
    expect(result.level).toBe('warning')
    expect(isRecognitionViolation(result)).toBe(false)
  })

  it('type-count exceptions are checked too', () => {
    const result = validateReport([drop('a', 1), drop('b', 1)], [item('a', 0, 1), item('b', 0, 1), type('NORMAL_DROP', 1, 3, [2])])
    expect(result.violations).toMatchObject([{ kind: 'type', check: 'not', value: 2, rate: 0 }])
  })

  it('a bound of 0 exceeded is infinitely far: danger', () => {
    const result = validateReport([drop('a', 1)], [item('a', 0, 0)])
    expect(result.totalRate).toBe(Infinity)
    expect(result.level).toBe('danger')
    expect(isRecognitionViolation(result)).toBe(true)
  })

  it('FURNITURE has no type-count check; its item rule applies', () => {
    const result = validateReport([drop('2002', 1), drop('2004', 1), drop('furni', 2, 'FURNITURE')], table)
    expect(result.violations).toMatchObject([{ kind: 'item', itemId: 'furni', check: 'lte', rate: 1 }])
  })

  it('REGULAR_DROP counts as NORMAL_DROP; zero quantities are absent; duplicates sum', () => {
    expect(validateReport([drop('2002', 1, 'REGULAR_DROP'), drop('2004', 1), drop('2003', 0)], table).violations).toEqual([])
    expect(validateReport([drop('2002', 2), drop('2002', 1, 'REGULAR_DROP'), drop('2004', 1)], table).violations).toMatchObject([
      { itemId: '2002', value: 3, check: 'lte' },
    ])
  })

  it('missing rules mean no validation', () => {
    expect(validateReport([drop('x', 100)], []).level).toBe('ok')
    expect(validateReport([drop('x', 100), drop('y', 1)], [item('z', 0, 1)]).level).toBe('ok')
  })

  it('validationLevel', () => {
    expect(validationLevel([])).toBe('ok')
  })
})

describe('precheckSubmit', () => {
  const none: ValidationResult = { violations: [], totalRate: 0, level: 'ok' }
  const some = validateReport([], [type('NORMAL_DROP', 1, 1)])
  const drops = [drop('a', 1)]
  it.each<[string, boolean, { quantity: number }[], ValidationResult, object]>([
    ['plausible', false, drops, none, { action: 'submit' }],
    ['violations', false, drops, some, { action: 'confirm', cause: 'limitation' }],
    ['no drops', false, [], none, { action: 'confirm', cause: 'noDrop' }],
    ['only zero quantities', false, [{ quantity: 0 }], none, { action: 'confirm', cause: 'noDrop' }],
    ['no drops and violations: noDrop', false, [], some, { action: 'confirm', cause: 'noDrop' }],
    ['gacha submits directly', true, [], some, { action: 'submit' }],
  ])('%s', (_name, isGacha, d, result, want) => expect(precheckSubmit({ isGacha }, d, result)).toEqual(want))
})

describe('client check vs server check (seeded property)', () => {
  // For single-run reports of items in the table, without exceptions and with type upper bounds ≥ 1,
  // the form finds no violation exactly when the server's drop-table check passes.
  let seed = 42
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  const int = (n: number) => Math.floor(next() * n)

  it('agree on 500 random tables and reports', () => {
    const outcomes = { ok: 0, fail: 0 }
    for (let run = 0; run < 500; run++) {
      const table: DropTableEntry[] = []
      const types: DropType[] = ['NORMAL_DROP', 'SPECIAL_DROP', 'EXTRA_DROP']
      for (const t of types) {
        const n = int(4)
        for (let i = 0; i < n; i++) {
          const lower = int(2)
          table.push(item(`${t}-${i}`, lower, lower + int(3)))
        }
        if (n > 0 && next() < 0.7) {
          const lower = int(2)
          table.push(type(t, lower, Math.max(1, lower + int(3))))
        }
      }
      const drops = table
        .filter((e) => e.itemId != null && next() < 0.6)
        .map((e) => ({ dropType: e.dropType as DropType, itemId: e.itemId!, quantity: Math.max(1, e.bounds!.lower + int(e.bounds!.upper - e.bounds!.lower + 2)) }))
      const client = validateReport(drops, table)
      const server = verifyReport({ times: 1, drops }, table)
      expect(client.violations.length === 0).toBe(server.ok)
      outcomes[server.ok ? 'ok' : 'fail']++
    }
    // both outcomes must be well represented, or the property says nothing
    expect(outcomes.ok).toBeGreaterThan(25)
    expect(outcomes.fail).toBeGreaterThan(25)
  })
})
