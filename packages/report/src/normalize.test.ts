import { describe, expect, it } from 'vitest'
import { type SubmittedDrop, MAX_REPORT_TIMES, checkRuns, dropPattern, normalizeDrops, normalizeReport, normalizeTimes } from './normalize'

const known = new Set(['2002', '2003', '2004', 'furni', '30012'])

describe('normalizeDrops (§7.2 step 6)', () => {
  it.each<[string, SubmittedDrop[] | null | undefined, object[]]>([
    ['missing drops', undefined, []],
    ['null drops', null, []],
    ['empty drops', [], []],
    ['REGULAR_DROP becomes NORMAL_DROP', [{ dropType: 'REGULAR_DROP', itemId: '2002', quantity: 1 }], [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1 }]],
    [
      'unknown items are discarded silently',
      [
        { dropType: 'NORMAL_DROP', itemId: 'nope', quantity: 5 },
        { dropType: 'NORMAL_DROP', itemId: '2003', quantity: 2 },
      ],
      [{ dropType: 'NORMAL_DROP', itemId: '2003', quantity: 2 }],
    ],
    [
      'same (type, item) merges, REGULAR and NORMAL included',
      [
        { dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1 },
        { dropType: 'REGULAR_DROP', itemId: '2002', quantity: 2 },
        { dropType: 'EXTRA_DROP', itemId: '2002', quantity: 4 },
      ],
      [
        { dropType: 'NORMAL_DROP', itemId: '2002', quantity: 3 },
        { dropType: 'EXTRA_DROP', itemId: '2002', quantity: 4 },
      ],
    ],
    ['furniture stays a FURNITURE drop', [{ dropType: 'FURNITURE', itemId: 'furni', quantity: 1 }], [{ dropType: 'FURNITURE', itemId: 'furni', quantity: 1 }]],
  ])('%s', (_name, drops, want) => expect(normalizeDrops(drops, known)).toEqual(want))

  it('accepts a predicate for known items', () => {
    expect(normalizeDrops([{ dropType: 'NORMAL_DROP', itemId: 'x1', quantity: 1 }], (id) => id.startsWith('x'))).toHaveLength(1)
  })
})

describe('normalizeTimes (§7.2 step 7)', () => {
  const drops = [
    { dropType: 'NORMAL_DROP' as const, itemId: 'a', quantity: 3 },
    { dropType: 'EXTRA_DROP' as const, itemId: 'b', quantity: 2 },
  ]
  it.each<[number | null | undefined, boolean, number]>([
    [undefined, false, 1],
    [null, false, 1],
    [0, false, 1],
    [1, false, 1],
    [6, false, 6],
    [undefined, true, 5],
    [3, true, 5],
  ])('times %s, gacha %s → %i', (times, isGacha, want) => expect(normalizeTimes(times, { isGacha }, drops)).toBe(want))

  it('an empty gacha report has 0 runs', () => expect(normalizeTimes(1, { isGacha: true }, [])).toBe(0))
})

describe('normalizeReport', () => {
  it('gacha runs count only the known items kept', () => {
    const report = {
      drops: [
        { dropType: 'NORMAL_DROP' as const, itemId: '30012', quantity: 2 },
        { dropType: 'NORMAL_DROP' as const, itemId: 'unknown', quantity: 7 },
      ],
    }
    expect(normalizeReport(report, { isGacha: true }, known)).toEqual({
      drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 2 }],
      times: 2,
    })
  })
})

describe('checkRuns', () => {
  it.each<[number, ReturnType<typeof checkRuns>]>([
    [0, { ok: false, reason: 'no-runs' }],
    [1, { ok: true }],
    [6, { ok: true }],
    [MAX_REPORT_TIMES, { ok: true }],
    [MAX_REPORT_TIMES + 1, { ok: false, reason: 'too-many-runs' }],
    [40_000_000, { ok: false, reason: 'too-many-runs' }],
  ])('times %i', (times, want) => expect(checkRuns({ times })).toEqual(want))

  it('a gacha report of unknown items only has no runs; one summing past the bound has too many', () => {
    const box = { isGacha: true }
    expect(checkRuns(normalizeReport({ drops: [{ dropType: 'NORMAL_DROP', itemId: 'nope', quantity: 9 }] }, box, known))).toEqual({ ok: false, reason: 'no-runs' })
    const many = normalizeReport(
      {
        drops: [
          { dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1000 },
          { dropType: 'NORMAL_DROP', itemId: '2003', quantity: 1 },
        ],
      },
      box,
      known,
    )
    expect(checkRuns(many)).toEqual({ ok: false, reason: 'too-many-runs' })
  })
})

describe('dropPattern', () => {
  it('sums an item across drop types and sorts by item id', () => {
    expect(
      dropPattern([
        { itemId: '2004', quantity: 3 },
        { itemId: '2002', quantity: 1 },
        { itemId: '2004', quantity: 1 },
      ]),
    ).toEqual([
      { itemId: '2002', quantity: 1 },
      { itemId: '2004', quantity: 4 },
    ])
  })
  it('empty report → empty pattern', () => expect(dropPattern([])).toEqual([]))
})
