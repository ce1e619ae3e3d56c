import type { DropType } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import type { DropTableEntry } from './drop-table'
import { type VerifiableReport, typeCountUpper, verifyReport } from './verify-report'

const item = (itemId: string, lower: number, upper: number, dropType: DropType = 'NORMAL_DROP', exceptions?: number[]): DropTableEntry => ({
  itemId,
  dropType,
  bounds: exceptions ? { lower, upper, exceptions } : { lower, upper },
})
const type = (dropType: DropType, lower: number, upper: number): DropTableEntry => ({ dropType, bounds: { lower, upper } })
const drop = (itemId: string, quantity: number, dropType: DropType = 'NORMAL_DROP') => ({ dropType, itemId, quantity })
const report = (times: number, ...drops: ReturnType<typeof drop>[]): VerifiableReport => ({ times, drops })

// wk_kc_5-like table: NORMAL has 3 possible items, 2 or 3 distinct per run.
const kc: DropTableEntry[] = [
  item('2002', 0, 2),
  item('2003', 0, 2),
  item('2004', 0, 4),
  type('NORMAL_DROP', 2, 3),
  item('furni', 0, 1, 'FURNITURE'),
  { itemId: 'recog', dropType: 'RECOGNITION_ONLY', bounds: null },
]

describe('verifyReport (§7.4, reliability 6)', () => {
  it.each<[string, VerifiableReport, DropTableEntry[], object]>([
    ['the black-box report R passes', report(1, drop('2002', 1), drop('2003', 1), drop('2004', 3)), kc, { ok: true }],
    ['no active infos, empty report passes', report(1), [], { ok: true }],
    ['no active infos, any drop fails', report(1, drop('2002', 1)), [], { ok: false, reason: 'no-active-drop-infos' }],
    ['recognition-only entries are not a table', report(1, drop('2002', 1)), [kc[5]!], { ok: false, reason: 'no-active-drop-infos' }],
    ['an empty report fails a lower type bound', report(1), kc, { ok: false, reason: 'type-count', count: 0, min: 2, max: 3 }],
    [
      'an item without an item-level rule fails',
      report(1, drop('2002', 1), drop('2003', 1), drop('30012', 1)),
      kc,
      { ok: false, reason: 'unexpected-drop', dropType: 'NORMAL_DROP', itemId: '30012' },
    ],
    [
      'the rule must match the drop type too',
      report(1, drop('2002', 1), drop('2003', 1), drop('2004', 1, 'EXTRA_DROP')),
      kc,
      { ok: false, reason: 'unexpected-drop', dropType: 'EXTRA_DROP', itemId: '2004' },
    ],
    ['recognition-only items are unexpected', report(1, drop('2002', 1), drop('2003', 1), drop('recog', 1)), kc, { ok: false, reason: 'unexpected-drop' }],
    [
      'item quantity above upper·t fails',
      report(1, drop('2002', 3), drop('2003', 1)),
      kc,
      { ok: false, reason: 'item-quantity', itemId: '2002', quantity: 3, min: 0, max: 2 },
    ],
    ['item bounds scale with t', report(2, drop('2002', 3), drop('2003', 1)), kc, { ok: true }],
    [
      'lower·t applies to items not reported',
      report(3, drop('a', 3)),
      [item('a', 1, 1), item('b', 1, 2)],
      { ok: false, reason: 'item-quantity', itemId: 'b', quantity: 0, min: 3, max: 6 },
    ],
    [
      'type count above max(upper, min(t, n)) fails',
      report(1, drop('a', 1), drop('b', 1), drop('c', 1)),
      [item('a', 0, 1), item('b', 0, 1), item('c', 0, 1), type('NORMAL_DROP', 1, 2)],
      { ok: false, reason: 'type-count', dropType: 'NORMAL_DROP', count: 3, min: 1, max: 2 },
    ],
    [
      'several runs may reveal more distinct items, up to n',
      report(3, drop('a', 1), drop('b', 1), drop('c', 1)),
      [item('a', 0, 1), item('b', 0, 1), item('c', 0, 1), type('NORMAL_DROP', 1, 1)],
      { ok: true },
    ],
    [
      'min(t, n): t caps the upper bound',
      report(2, drop('a', 1), drop('b', 1), drop('c', 1)),
      [item('a', 0, 1), item('b', 0, 1), item('c', 0, 1), type('NORMAL_DROP', 1, 1)],
      { ok: false, reason: 'type-count', count: 3, max: 2 },
    ],
    ['type lower bound is not scaled by t', report(6, drop('a', 6)), [item('a', 0, 1), item('b', 0, 1), type('NORMAL_DROP', 1, 1)], { ok: true }],
    [
      'type rules only count their own type (upper 0 is lifted to min(t, n) = 1)',
      report(1, drop('a', 1), drop('x', 1, 'EXTRA_DROP')),
      [item('a', 0, 1), item('x', 0, 1, 'EXTRA_DROP'), type('NORMAL_DROP', 1, 1), type('EXTRA_DROP', 0, 0)],
      { ok: true },
    ],
    [
      'a failing type rule names its type',
      report(1, drop('a', 1), drop('x', 1, 'EXTRA_DROP'), drop('y', 1, 'EXTRA_DROP')),
      [item('a', 0, 1), item('x', 0, 1, 'EXTRA_DROP'), item('y', 0, 1, 'EXTRA_DROP'), type('NORMAL_DROP', 1, 1), type('EXTRA_DROP', 0, 1)],
      { ok: false, reason: 'type-count', dropType: 'EXTRA_DROP', count: 2, min: 0, max: 1 },
    ],
    ['exceptions are not enforced', report(1, drop('a', 2)), [item('a', 0, 3, 'NORMAL_DROP', [2])], { ok: true }],
    ['duplicate entries are summed', report(1, drop('a', 1), drop('a', 1)), [item('a', 0, 1)], { ok: false, reason: 'item-quantity', quantity: 2 }],
    ['zero-quantity entries are ignored', report(1, drop('zzz', 0)), [item('a', 0, 1)], { ok: true }],
    [
      'gacha: times = Σ quantities keeps per-item bounds scaled',
      report(10, drop('g1', 7), drop('g2', 3)),
      [item('g1', 0, 1), item('g2', 0, 1), type('NORMAL_DROP', 1, 1)],
      { ok: true },
    ],
  ])('%s', (_name, r, table, want) => expect(verifyReport(r, table)).toMatchObject(want))

  it.each([
    [1, 1, 3, 1],
    [1, 3, 3, 3],
    [1, 6, 3, 3],
    [4, 6, 3, 4],
    [0, 1, 0, 0],
  ])('typeCountUpper(upper %i, t %i, n %i) is %i', (upper, t, n, want) => expect(typeCountUpper(upper, t, n)).toBe(want))
})
