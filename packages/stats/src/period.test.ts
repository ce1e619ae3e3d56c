import { NO_END_MS } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { type AccumulableRange, currentPeriod, endOrInfinity, isStageOpenAt, normalizeEnd, rangeContains, rangesOverlap, segmentPeriods, wireEnd } from './period'

const r = (start: number, end: number | null, accumulable = true): AccumulableRange => ({ start, end, accumulable })

describe('open ends', () => {
  it.each([
    [null, Infinity],
    [NO_END_MS, Infinity],
    [NO_END_MS + 1, Infinity],
    [100, 100],
  ])('endOrInfinity(%s) is %s', (end, want) => expect(endOrInfinity(end)).toBe(want))

  it.each([
    [null, null],
    [NO_END_MS, null],
    [100, 100],
  ])('normalizeEnd(%s) is %s', (end, want) => expect(normalizeEnd(end)).toBe(want))

  it.each([
    [null, 50, null],
    [NO_END_MS, 50, null],
    [100, 50, null],
    [100, 100, 100],
    [100, 150, 100],
  ])('wireEnd(%s, now=%s) is %s', (end, now, want) => expect(wireEnd(end, now)).toBe(want))
})

describe('rangeContains / rangesOverlap', () => {
  it.each([
    [r(10, 20), 10, true],
    [r(10, 20), 19, true],
    [r(10, 20), 20, false],
    [r(10, 20), 9, false],
    [r(10, null), 1e15, true],
    [r(10, NO_END_MS), NO_END_MS - 1, true],
    [r(10, 10), 10, false],
  ])('%o contains %s: %s', (range, t, want) => expect(rangeContains(range, t)).toBe(want))

  it.each([
    [r(0, 10), r(5, 15), true],
    [r(0, 10), r(10, 15), false],
    [r(0, null), r(100, 200), true],
    [r(0, 10), r(3, 3), false],
    [r(20, 30), r(0, 10), false],
  ])('%o overlaps %o: %s', (a, b, want) => {
    expect(rangesOverlap(a, b)).toBe(want)
    expect(rangesOverlap(b, a)).toBe(want)
  })
})

describe('segmentPeriods (§10.2)', () => {
  it.each<[string, AccumulableRange[], { start: number; end: number | null }[]]>([
    ['no ranges', [], []],
    ['single range', [r(0, 10)], [{ start: 0, end: 10 }]],
    ['first range starts a segment even when not accumulable', [r(0, 10, false)], [{ start: 0, end: 10 }]],
    ['touching accumulable ranges join', [r(0, 10), r(10, 20)], [{ start: 0, end: 20 }]],
    ['overlapping accumulable ranges join', [r(0, 10), r(5, 20)], [{ start: 0, end: 20 }]],
    ['contained accumulable range keeps the later end', [r(0, 30), r(5, 20)], [{ start: 0, end: 30 }]],
    [
      'gap starts a new segment',
      [r(0, 10), r(11, 20)],
      [
        { start: 0, end: 10 },
        { start: 11, end: 20 },
      ],
    ],
    [
      'non-accumulable starts fresh even when touching',
      [r(0, 10), r(10, 20, false)],
      [
        { start: 0, end: 10 },
        { start: 10, end: 20 },
      ],
    ],
    ['unsorted input is ordered by start', [r(10, 20), r(0, 10)], [{ start: 0, end: 20 }]],
    ['open end absorbs later accumulable ranges', [r(0, null), r(50, 60)], [{ start: 0, end: null }]],
    ['sentinel end is normalised to null', [r(0, 10), r(10, NO_END_MS)], [{ start: 0, end: null }]],
    [
      'rerun chain: A, B (acc), C (fresh), D (acc)',
      [r(0, 10), r(10, 20), r(30, 40, false), r(40, null)],
      [
        { start: 0, end: 20 },
        { start: 30, end: null },
      ],
    ],
  ])('%s', (_name, ranges, want) => expect(segmentPeriods(ranges)).toEqual(want))

  it('does not mutate its input', () => {
    const input = [r(10, 20), r(0, 10)]
    const copy = structuredClone(input)
    segmentPeriods(input)
    expect(input).toEqual(copy)
  })

  it('segments never overlap and cover every range (property over generated chains)', () => {
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let run = 0; run < 200; run++) {
      const ranges: AccumulableRange[] = []
      for (let i = 0; i < 1 + Math.floor(next() * 6); i++) {
        const start = Math.floor(next() * 100)
        ranges.push(r(start, next() < 0.1 ? null : start + 1 + Math.floor(next() * 30), next() < 0.7))
      }
      const segments = segmentPeriods(ranges)
      for (let i = 1; i < segments.length; i++) expect(segments[i]!.start).toBeGreaterThanOrEqual(segments[i - 1]!.start)
      for (const range of ranges) {
        expect(segments.some((s) => s.start <= range.start && endOrInfinity(range.end) <= endOrInfinity(s.end))).toBe(true)
      }
    }
  })
})

describe('currentPeriod', () => {
  it('is the latest segment', () => {
    expect(currentPeriod([r(0, 10), r(10, 20), r(30, null, false)])).toEqual({ start: 30, end: null })
    expect(currentPeriod([r(0, 10), r(10, 20), r(30, 40)])).toEqual({ start: 30, end: 40 })
  })
  it('is null without ranges', () => expect(currentPeriod([])).toBeNull())
  it('ignores ranges that start after asOf', () => {
    const ranges = [r(0, 100), r(200, 300, false)]
    expect(currentPeriod(ranges)).toEqual({ start: 200, end: 300 })
    expect(currentPeriod(ranges, 150)).toEqual({ start: 0, end: 100 })
    expect(currentPeriod(ranges, 200)).toEqual({ start: 200, end: 300 })
    expect(currentPeriod(ranges, -1)).toBeNull()
  })
})

describe('isStageOpenAt', () => {
  const ranges = [r(0, 10), r(20, null)]
  it.each([
    [5, true],
    [10, false],
    [15, false],
    [20, true],
    [1e15, true],
    [-1, false],
  ])('open at %s: %s', (t, want) => expect(isStageOpenAt(ranges, t)).toBe(want))
  it('a stage without drop infos is closed', () => expect(isStageOpenAt([], 5)).toBe(false))
})
