import { describe, expect, it } from 'vitest'
import { bucketLabels, bucketStarts, rateSeries, sparklineMarks, sparklinePoints, splitRates, TREND_MIN_RUNS } from './trend-math'

describe('rateSeries', () => {
  it('is quantity / times, null where nothing was run', () => {
    expect(rateSeries([1, 0, 3], [2, 0, 4])).toEqual([0.5, null, 0.75])
  })
})

describe('sparklinePoints', () => {
  const rates = (points: { rate: number }[] | null) => points?.map((p) => p.rate)
  it('keeps zeros when at most 15 rates are non-zero, with the runs of each point', () => {
    expect(sparklinePoints([0, 1, 0, 2], [1, 2, 0, 4])).toEqual([
      { rate: 0, runs: 1 },
      { rate: 0.5, runs: 2 },
      { rate: 0.5, runs: 4 },
    ])
  })

  it('takes the last 15 non-zero rates when there are more', () => {
    const n = 20
    const quantity = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 0 : i))
    const times = Array.from({ length: n }, () => 100)
    // 10 non-zero values only: all 20 non-null values are kept.
    expect(sparklinePoints(quantity, times)).toHaveLength(20)
    const many = Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? 0 : i))
    const points = rates(
      sparklinePoints(
        many,
        Array.from({ length: 40 }, () => 100),
      ),
    )
    expect(points).toHaveLength(15)
    expect(points?.[14]).toBe(0.39)
    expect(points?.includes(0)).toBe(false)
    expect(points?.[0]).toBe(0.21)
  })

  it('needs two points', () => {
    expect(sparklinePoints([1], [2])).toBeNull()
    expect(sparklinePoints([0, 1], [0, 2])).toBeNull()
    expect(sparklinePoints([], [])).toBeNull()
  })
})

describe('sparklineMarks', () => {
  const at = (rate: number, runs = 100) => ({ rate, runs })
  it('maps the lowest rate to the bottom and the highest to the top, one line through well-sampled points', () => {
    expect(sparklineMarks([at(0), at(1), at(0.5)], 10, 10, 0)).toEqual({ lines: ['0.00,10.00 5.00,0.00 10.00,5.00'], dots: [] })
  })
  it('draws a flat series in the middle', () => {
    expect(sparklineMarks([at(0.2), at(0.2)], 10, 8, 1).lines).toEqual(['1.00,4.00 9.00,4.00'])
  })
  it('never joins a point with fewer runs than the threshold: it is a dot, and a lone well-sampled point too', () => {
    const marks = sparklineMarks([at(0), at(1), at(2, TREND_MIN_RUNS - 1), at(0.5), at(0.5, 3)], 8, 10, 0)
    expect(marks.lines).toEqual(['0.00,10.00 2.00,5.00'])
    expect(marks.dots).toEqual([
      [4, 0],
      [6, 7.5],
      [8, 7.5],
    ])
  })
})

describe('splitRates', () => {
  it('puts each run period on the line or among the points by its runs, null where nothing was run', () => {
    expect(splitRates([1, 2, 0, 1], [20, 4, 0, 2], 20)).toEqual({ line: [0.05, null, null, null], points: [null, 0.5, null, 0.5], sparse: 2, run: 3 })
  })
})

describe('bucketStarts', () => {
  it('steps by the interval from the start', () => {
    expect(bucketStarts(1000, 10, 3)).toEqual([1000, 1010, 1020])
  })
})

describe('bucketLabels', () => {
  const day = 86_400_000
  it('labels daily buckets by the date of their middle, with the year outside the current one', () => {
    const start = new Date(2026, 10, 20).getTime()
    expect(bucketLabels([start, start + day], day, new Date(2026, 10, 21).getTime())).toEqual(['11.20', '11.21'])
    expect(bucketLabels([new Date(2025, 11, 31).getTime()], day, new Date(2026, 0, 2).getTime())).toEqual(['25.12.31'])
  })
  it('labels shorter buckets by their start time', () => {
    const start = new Date(2026, 10, 20, 6).getTime()
    expect(bucketLabels([start, start + 3_600_000], 3_600_000, start)).toEqual(['11.20 6:00', '11.20 7:00'])
  })
})
