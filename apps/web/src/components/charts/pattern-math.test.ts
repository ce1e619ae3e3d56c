import type { PatternElement } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { OTHERS, commonDrops, distinctPatternTexts, patternText, pieLabel, pieShares, summarizePatterns, type PatternRow } from './pattern-math'

const el = (stageId: string, drops: [string, number][], quantity: number, times = 100): PatternElement => ({
  stageId,
  pattern: { drops: drops.map(([itemId, q]) => ({ itemId, quantity: q })) },
  times,
  quantity,
  start: 1000,
  end: null,
})

describe('summarizePatterns', () => {
  it('sorts by share, numbers from 1 and appends the others row', () => {
    const s = summarizePatterns(
      [
        el('a', [['x', 1]], 20),
        el('b', [], 50),
        el('a', [], 50),
        el(
          'a',
          [
            ['x', 2],
            ['y', 1],
          ],
          25,
        ),
      ],
      'a',
    )
    expect(s).not.toBeNull()
    expect(s?.times).toBe(100)
    expect(s?.rows.map((r) => [r.i, r.quantity, r.share])).toEqual([
      [1, 50, 0.5],
      [2, 25, 0.25],
      [3, 20, 0.2],
      [4, 5, 0.05],
    ])
    expect(s?.rows[3]?.drops).toBe(OTHERS)
  })

  it('has no others row when the patterns cover every run', () => {
    const s = summarizePatterns([el('a', [], 60), el('a', [['x', 1]], 40)], 'a')
    expect(s?.rows.map((r) => r.drops === OTHERS)).toEqual([false, false])
  })

  it('is null for a stage without patterns', () => {
    expect(summarizePatterns([el('b', [], 1)], 'a')).toBeNull()
  })
})

describe('pie', () => {
  it('slices are shares of all rows, others included', () => {
    const s = summarizePatterns([el('a', [], 30, 40), el('a', [['x', 1]], 6, 40)], 'a')
    expect(pieShares(s?.rows ?? [])).toEqual([0.75, 0.15, 0.1])
  })

  it('labels the top 10 and names the top 5', () => {
    const rows =
      summarizePatterns(
        Array.from({ length: 12 }, (_, k) => el('a', [['x', k + 1]], 12 - k, 78)),
        'a',
      )?.rows ?? []
    expect(pieLabel(rows[0]!, '15.4 %', '1×X')).toBe('1×X\n#1 — 15.4 %')
    expect(pieLabel(rows[4]!, '10.3 %', '5×X')).toBe('5×X\n#5 — 10.3 %')
    expect(pieLabel(rows[5]!, '9.0 %', '6×X')).toBe('#6 — 9.0 %')
    expect(pieLabel(rows[10]!, '2.6 %', '11×X')).toBe('')
  })
})

describe('patternText', () => {
  const nameOf = (id: string) => id.toUpperCase()
  const words = { empty: 'nothing', others: 'others' }
  it('joins q×name with +, names with commas for recruit', () => {
    expect(
      patternText(
        [
          { itemId: 'a', quantity: 2 },
          { itemId: 'b', quantity: 1 },
        ],
        nameOf,
        words,
      ),
    ).toBe('2×A + 1×B')
    expect(
      patternText(
        [
          { itemId: 'a', quantity: 1 },
          { itemId: 'b', quantity: 1 },
        ],
        nameOf,
        words,
        true,
      ),
    ).toBe('A, B')
    expect(patternText([], nameOf, words)).toBe('nothing')
    expect(patternText(OTHERS, nameOf, words)).toBe('others')
  })
})

describe('distinctPatternTexts', () => {
  const nameOf = (id: string) => id.toUpperCase()
  const words = { empty: 'nothing', others: 'others', commonOnly: 'shared only' }
  const row = (i: number, drops: PatternRow['drops']): PatternRow => ({ i, drops, quantity: 1, times: 4, share: 0.25 })
  const drill = { itemId: 'drill', quantity: 1 }

  it('leaves out the drops every pattern shares, so labels differ', () => {
    const rows = [row(1, [drill]), row(2, [drill, { itemId: 'a', quantity: 1 }]), row(3, [drill, { itemId: 'a', quantity: 2 }]), row(4, OTHERS)]
    expect(commonDrops(rows)).toEqual([drill])
    const texts = distinctPatternTexts(rows, nameOf, words)
    expect(texts).toEqual(['shared only', '+1×A', '+2×A', 'others'])
    expect(new Set(texts).size).toBe(texts.length)
  })

  it('keeps the full names when nothing is shared (or for a single pattern, or recruit)', () => {
    const rows = [row(1, [drill]), row(2, [])]
    expect(commonDrops(rows)).toEqual([])
    expect(distinctPatternTexts(rows, nameOf, words)).toEqual(['1×DRILL', 'nothing'])
    expect(distinctPatternTexts([row(1, [drill])], nameOf, words)).toEqual(['1×DRILL'])
    expect(distinctPatternTexts([row(1, [drill]), row(2, [drill, { itemId: 'a', quantity: 1 }])], nameOf, words, true)).toEqual(['DRILL', 'DRILL, A'])
  })

  it('puts what tells a pattern apart first, so labels cut to the slice width still differ (issue 38)', () => {
    const cube = { itemId: 'cube', quantity: 2 }
    const sugar = { itemId: 'sugar', quantity: 1 }
    const ester = { itemId: 'ester', quantity: 1 }
    // Shared by all: drill. Cube ×2 is in two of three patterns, so it no longer leads both labels.
    const rows = [row(1, [drill, cube, sugar]), row(2, [drill, cube, ester]), row(3, [drill])]
    const labels = distinctPatternTexts(rows, nameOf, words)
    expect(labels).toEqual(['+1×SUGAR +2×CUBE', '+1×ESTER +2×CUBE', 'shared only'])
    expect(labels[0]?.slice(0, 8)).not.toBe(labels[1]?.slice(0, 8))
    // Nothing shared: the full text, rarest drop first.
    const loose = [row(1, [cube, sugar]), row(2, [cube, ester]), row(3, [ester])]
    const texts = distinctPatternTexts(loose, nameOf, words)
    expect(texts).toEqual(['1×SUGAR + 2×CUBE', '2×CUBE + 1×ESTER', '1×ESTER'])
    expect(new Set(texts.map((s) => s.slice(0, 6))).size).toBe(3)
  })
})
