import { describe, expect, it } from 'vitest'
import {
  type PatternDrop,
  PATTERN_CAP,
  canonicalPattern,
  capPatternsPerStage,
  countsForPatterns,
  parsePatternKey,
  patternHash,
  patternKey,
  sortPatternDrops,
  sumPatternDays,
  topPatterns,
} from './pattern'
import { sha256Hex } from './sha256'

const d = (itemId: string, quantity: number): PatternDrop => ({ itemId, quantity })

describe('patternKey / canonicalPattern', () => {
  it.each<[string, PatternDrop[], string]>([
    ['empty pattern', [], ''],
    ['single', [d('30012', 2)], '30012:2'],
    ['sorted by item id (code units, not numbers)', [d('2004', 3), d('2002', 1), d('10', 1)], '10:1,2002:1,2004:3'],
    ['same item under several types is summed', [d('2002', 1), d('2003', 1), d('2002', 2)], '2002:3,2003:1'],
    ['zero and negative quantities vanish', [d('2002', 0), d('2003', -1), d('furni', 1)], 'furni:1'],
    ['only zeros = empty pattern', [d('2002', 0)], ''],
  ])('%s', (_name, drops, want) => {
    expect(patternKey(drops)).toBe(want)
    expect(parsePatternKey(want)).toEqual(canonicalPattern(drops))
  })

  it.each(['2002', ':1', '2002:0', '2002:-1', '2002:1.5', '2002:1,', '2002:01'])('parsePatternKey(%j) is null', (key) => expect(parsePatternKey(key)).toBeNull())

  it('item ids containing ":" survive a round trip', () => expect(parsePatternKey(patternKey([d('a:b', 2)]))).toEqual([d('a:b', 2)]))
})

describe('patternHash', () => {
  it('is the SHA-256 of the key, order-independent', () => {
    const a = [d('2002', 1), d('2003', 1), d('2004', 3)]
    const b = [d('2004', 3), d('2003', 1), d('2002', 1)]
    expect(patternHash(a)).toBe(sha256Hex('2002:1,2003:1,2004:3'))
    expect(patternHash(b)).toBe(patternHash(a))
    expect(patternHash([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(patternHash([d('2002', 1)])).not.toBe(patternHash([d('2002', 2)]))
    expect(patternHash(a)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('countsForPatterns (§10.5)', () => {
  it.each([
    [{ stageId: 'main_01-07', times: 1 }, true],
    [{ stageId: 'main_01-07', times: 2 }, false],
    [{ stageId: 'main_01-07', times: 0 }, false],
    [{ stageId: 'gachabox_1', isGacha: true, times: 1 }, false],
    [{ stageId: 'recruit', times: 1 }, false],
  ])('%o → %s', (report, want) => expect(countsForPatterns(report)).toBe(want))
})

describe('sumPatternDays', () => {
  it('sums times and per-pattern counts, dropping zero totals', () => {
    const result = sumPatternDays([
      { times: 10, patterns: { a: 6, b: 4 } },
      { times: 5, patterns: { a: 1, c: 0, '': 4 } },
    ])
    expect(result.times).toBe(15)
    expect(Object.fromEntries(result.patterns)).toEqual({ a: 7, b: 4, '': 4 })
  })
  it('empty', () => expect(sumPatternDays([])).toEqual({ times: 0, patterns: new Map() }))
})

describe('topPatterns (§8.2 Ours)', () => {
  const many = Array.from({ length: 25 }, (_, i) => ({ key: `p${String(i).padStart(2, '0')}`, quantity: (i * 7) % 11 }))

  it('keeps the 19 highest quantities, highest first', () => {
    const top = topPatterns(many)
    expect(top).toHaveLength(PATTERN_CAP)
    const kept = top.map((p) => p.quantity)
    expect(kept).toEqual([...kept].sort((a, b) => b - a))
    const dropped = many.filter((p) => !top.includes(p))
    expect(Math.max(...dropped.map((p) => p.quantity))).toBeLessThanOrEqual(Math.min(...kept))
  })

  it('fewer than the cap: all of them', () => expect(topPatterns(many.slice(0, 3))).toHaveLength(3))
  it('limit 0 or negative: none', () => {
    expect(topPatterns(many, 0)).toEqual([])
    expect(topPatterns(many, -2)).toEqual([])
  })
  it('ties: tie key ascending, else input order', () => {
    const tied = [
      { key: 'b', quantity: 1 },
      { key: 'a', quantity: 1 },
      { key: 'c', quantity: 2 },
    ]
    expect(topPatterns(tied, 2).map((p) => p.key)).toEqual(['c', 'b'])
    expect(topPatterns(tied, 2, (p) => p.key).map((p) => p.key)).toEqual(['c', 'a'])
    expect(topPatterns([...tied].reverse(), 3, (p) => p.key)).toEqual(topPatterns(tied, 3, (p) => p.key))
  })

  it('capPatternsPerStage caps each stage separately', () => {
    const elements = [...Array.from({ length: 30 }, (_, i) => ({ stageId: 's1', quantity: i })), ...Array.from({ length: 5 }, (_, i) => ({ stageId: 's2', quantity: i }))]
    const capped = capPatternsPerStage(elements)
    expect(capped.filter((e) => e.stageId === 's1')).toHaveLength(19)
    expect(capped.filter((e) => e.stageId === 's1').at(-1)!.quantity).toBe(11)
    expect(capped.filter((e) => e.stageId === 's2')).toHaveLength(5)
  })
})

describe('sortPatternDrops', () => {
  it('orders by sortId, unknown items last, ties by id', () => {
    const sortIds: Record<string, number> = { '2004': 1, '2002': 3, '2003': 3 }
    const sorted = sortPatternDrops([d('x', 1), d('2003', 1), d('2002', 1), d('2004', 1), d('a', 1)], (id) => sortIds[id])
    expect(sorted.map((e) => e.itemId)).toEqual(['2004', '2002', '2003', 'a', 'x'])
  })
})
