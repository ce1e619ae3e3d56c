import { NO_END_MS } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { type TimedDropTableEntry, activeDropTable, canonicalDropType, dropRules, isReportDropType } from './drop-table'

const entry = (over: Partial<TimedDropTableEntry>): TimedDropTableEntry => ({
  server: 'CN',
  stageId: 'main_01-07',
  itemId: '30012',
  dropType: 'NORMAL_DROP',
  bounds: { lower: 0, upper: 1 },
  start: 100,
  end: 200,
  ...over,
})

describe('canonicalDropType / isReportDropType', () => {
  it.each([
    ['REGULAR_DROP', 'NORMAL_DROP'],
    ['NORMAL_DROP', 'NORMAL_DROP'],
    ['SPECIAL_DROP', 'SPECIAL_DROP'],
    ['EXTRA_DROP', 'EXTRA_DROP'],
    ['FURNITURE', 'FURNITURE'],
  ] as const)('%s → %s', (t, want) => expect(canonicalDropType(t)).toBe(want))

  it.each([
    ['REGULAR_DROP', true],
    ['FURNITURE', true],
    ['SOMEELSE_DROP', false],
    ['RECOGNITION_ONLY', false],
    ['', false],
  ])('isReportDropType(%j) is %s', (t, want) => expect(isReportDropType(t)).toBe(want))
})

describe('dropRules', () => {
  it('drops recognition-only and bound-less entries and normalises itemId', () => {
    expect(
      dropRules([
        { itemId: 'a', dropType: 'RECOGNITION_ONLY', bounds: null },
        { itemId: 'b', dropType: 'NORMAL_DROP', bounds: null },
        { dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 2 } },
        { itemId: null, dropType: 'EXTRA_DROP', bounds: { lower: 0, upper: 1 } },
        { itemId: 'c', dropType: 'SPECIAL_DROP', bounds: { lower: 0, upper: 1, exceptions: [1] } },
      ]),
    ).toEqual([
      { itemId: null, dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 2 } },
      { itemId: null, dropType: 'EXTRA_DROP', bounds: { lower: 0, upper: 1 } },
      { itemId: 'c', dropType: 'SPECIAL_DROP', bounds: { lower: 0, upper: 1, exceptions: [1] } },
    ])
  })
})

describe('activeDropTable (§7.4)', () => {
  const table = [
    entry({ itemId: 'in' }),
    entry({ itemId: 'other-server', server: 'US' }),
    entry({ itemId: 'other-stage', stageId: 'wk_kc_5' }),
    entry({ itemId: 'recog', dropType: 'RECOGNITION_ONLY', bounds: null }),
    entry({ itemId: 'later', start: 200, end: null }),
    entry({ itemId: 'forever', start: 0, end: NO_END_MS }),
  ]
  it.each([
    [99, ['forever']],
    [100, ['in', 'forever']],
    [199, ['in', 'forever']],
    [200, ['later', 'forever']],
  ])('at %i', (at, want) => expect(activeDropTable(table, 'CN', 'main_01-07', at).map((e) => e.itemId)).toEqual(want))
})
