import { describe, expect, it } from 'vitest'
import {
  type DayAggregate,
  type ReportSample,
  EMPTY_SUMS,
  addSums,
  aggregateReports,
  histogramSumSquares,
  matrixNumbers,
  mergeAggregates,
  mergeBaseline,
  populationStdDev,
  roundStdDev,
  sumsFromAggregates,
  sumsFromNumbers,
  sumsFromReports,
} from './matrix'

/** Seeded PRNG (mulberry32) so the property tests are reproducible. */
const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const randomBatch = (rand: () => number, maxSize = 60): ReportSample[] =>
  Array.from({ length: Math.floor(rand() * maxSize) }, () => ({
    times: rand() < 0.85 ? 1 : 1 + Math.floor(rand() * 6),
    quantity: rand() < 0.4 ? 0 : Math.floor(rand() * 5),
  }))

/** Direct §10.3 formula over raw reports, written independently of the module. */
const naiveStdDev = (reports: ReportSample[]): number => {
  const times = reports.reduce((s, r) => s + r.times, 0)
  if (times === 0) return 0
  const s1 = reports.reduce((s, r) => s + r.quantity, 0) / times
  const s2 = reports.reduce((s, r) => s + r.quantity ** 2, 0) / times
  return Math.round(Math.sqrt(Math.max(0, s2 - s1 * s1)) * 1e4) / 1e4
}

describe('matrix numbers from raw reports (§10.3)', () => {
  it.each<[string, ReportSample[], { times: number; quantity: number; stdDev: number }]>([
    ['no reports', [], { times: 0, quantity: 0, stdDev: 0 }],
    [
      'item never dropped',
      [
        { times: 1, quantity: 0 },
        { times: 1, quantity: 0 },
      ],
      { times: 2, quantity: 0, stdDev: 0 },
    ],
    [
      'constant one per run',
      [
        { times: 1, quantity: 1 },
        { times: 1, quantity: 1 },
      ],
      { times: 2, quantity: 2, stdDev: 0 },
    ],
    [
      'half the runs',
      [
        { times: 1, quantity: 1 },
        { times: 1, quantity: 0 },
      ],
      { times: 2, quantity: 1, stdDev: 0.5 },
    ],
    // q = 1, 2, 0 over 3 runs: E[q²] = 5/3, mean = 1 → sqrt(2/3) = 0.81649...
    [
      'three runs',
      [
        { times: 1, quantity: 1 },
        { times: 1, quantity: 2 },
        { times: 1, quantity: 0 },
      ],
      { times: 3, quantity: 3, stdDev: 0.8165 },
    ],
    // a 6-run report with q = 6 is ONE sample over 6 observations: sqrt(36/6 − 1) = sqrt(5)
    ['multi-run report is one sample', [{ times: 6, quantity: 6 }], { times: 6, quantity: 6, stdDev: 2.2361 }],
    // gacha-like: times = Σ quantities, one report q=10 over 10 runs: sqrt(100/10 − 1) = 3
    ['gacha report', [{ times: 10, quantity: 10 }], { times: 10, quantity: 10, stdDev: 3 }],
  ])('%s', (_name, reports, want) => {
    expect(matrixNumbers(sumsFromReports(reports))).toEqual(want)
    expect(matrixNumbers(sumsFromAggregates([aggregateReports(reports)]))).toEqual(want)
  })

  it('clamps a negative variance (inconsistent sums) at 0', () => {
    expect(populationStdDev({ times: 10, quantity: 10, sumSquares: 5 })).toBe(0)
    expect(populationStdDev({ times: 0, quantity: 3, sumSquares: 9 })).toBe(0)
  })

  it.each([
    [0.12344999, 0.1234],
    [0.12345001, 0.1235],
    [2, 2],
    [0, 0],
  ])('roundStdDev(%s) is %s', (x, want) => expect(roundStdDev(x)).toBe(want))
})

describe('histograms', () => {
  it('aggregateReports counts reports per quantity, including 0', () => {
    const agg = aggregateReports([
      { times: 1, quantity: 0 },
      { times: 2, quantity: 3 },
      { times: 1, quantity: 3 },
      { times: 1, quantity: 1 },
    ])
    expect(agg).toEqual({ times: 5, quantity: 7, histogram: { 0: 1, 1: 1, 3: 2 } })
  })

  it('accepts string keys (JSON round trip) and ignores junk keys', () => {
    expect(histogramSumSquares({ '2': 3, '0': 5, x: 7 })).toBe(12)
    const a: DayAggregate = { times: 4, quantity: 6, histogram: JSON.parse('{"2":3}') as Record<string, number> }
    expect(mergeAggregates([a, { times: 1, quantity: 2, histogram: { 2: 1 } }])).toEqual({ times: 5, quantity: 8, histogram: { 2: 4 } })
  })

  it('times come from the row totals, not from the histogram', () => {
    // one 6-run report with q = 6: histogram has 1 report, times is 6
    expect(sumsFromAggregates([{ times: 6, quantity: 6, histogram: { 6: 1 } }])).toEqual({ times: 6, quantity: 6, sumSquares: 36 })
  })

  it('empty inputs', () => {
    expect(sumsFromAggregates([])).toEqual(EMPTY_SUMS)
    expect(mergeAggregates([])).toEqual({ times: 0, quantity: 0, histogram: {} })
    expect(aggregateReports([])).toEqual({ times: 0, quantity: 0, histogram: {} })
  })
})

describe('baselines', () => {
  it('sumsFromNumbers inverts matrixNumbers when the std-dev is exact', () => {
    const sums = { times: 3, quantity: 3, sumSquares: 5 }
    const exact = { times: 3, quantity: 3, stdDev: populationStdDev(sums) }
    expect(sumsFromNumbers(exact).sumSquares).toBeCloseTo(5, 10)
  })

  it('a baseline without runs carries nothing', () => {
    expect(sumsFromNumbers({ times: 0, quantity: 0, stdDev: 0 })).toEqual(EMPTY_SUMS)
    expect(sumsFromNumbers({ times: 0, quantity: 4, stdDev: 1 })).toEqual(EMPTY_SUMS)
    expect(mergeBaseline({ times: 0, quantity: 0, stdDev: 0 }, [aggregateReports([{ times: 1, quantity: 1 }])])).toEqual({
      times: 1,
      quantity: 1,
      stdDev: 0,
    })
  })

  it('merging with no later rows returns the baseline', () => {
    const baseline = { times: 1000, quantity: 317, stdDev: 0.4653 }
    expect(mergeBaseline(baseline, [])).toEqual(baseline)
  })

  it('example: baseline of q=1,0 merged with a day of q=2 over 1 run', () => {
    // union q = 1, 0, 2 over 3 runs: sqrt(5/3 − 1) = 0.8165
    expect(mergeBaseline({ times: 2, quantity: 1, stdDev: 0.5 }, [aggregateReports([{ times: 1, quantity: 2 }])])).toEqual({
      times: 3,
      quantity: 3,
      stdDev: 0.8165,
    })
  })
})

describe('invariants over random batches (seeded)', () => {
  const rand = mulberry32(20240601)
  const cases = Array.from({ length: 300 }, () => [randomBatch(rand), randomBatch(rand)] as const)

  it('aggregating two batches then merging equals aggregating their union', () => {
    for (const [a, b] of cases) {
      const union = [...a, ...b]
      expect(mergeAggregates([aggregateReports(a), aggregateReports(b)])).toEqual(aggregateReports(union))
      expect(addSums(sumsFromReports(a), sumsFromReports(b))).toEqual(sumsFromReports(union))
      expect(matrixNumbers(sumsFromAggregates([aggregateReports(a), aggregateReports(b)]))).toEqual(matrixNumbers(sumsFromReports(union)))
    }
  })

  it('matches the §10.3 formula computed directly', () => {
    for (const [a, b] of cases) expect(matrixNumbers(sumsFromReports([...a, ...b])).stdDev).toBe(naiveStdDev([...a, ...b]))
  })

  it('baseline (exact std-dev) + later aggregates equals the union, to 1e-9', () => {
    for (const [a, b] of cases) {
      const sa = sumsFromReports(a)
      const baseline = { times: sa.times, quantity: sa.quantity, stdDev: populationStdDev(sa) }
      const merged = addSums(sumsFromNumbers(baseline), sumsFromAggregates([aggregateReports(b)]))
      const union = sumsFromReports([...a, ...b])
      expect(merged.times).toBe(union.times)
      expect(merged.quantity).toBe(union.quantity)
      expect(populationStdDev(merged)).toBeCloseTo(populationStdDev(union), 9)
    }
  })

  it('baseline with the published (rounded) std-dev stays within 1e-4 of the union', () => {
    for (const [a, b] of cases) {
      const baseline = matrixNumbers(sumsFromReports(a))
      const merged = mergeBaseline(baseline, [aggregateReports(b)])
      const union = matrixNumbers(sumsFromReports([...a, ...b]))
      expect(merged.times).toBe(union.times)
      expect(merged.quantity).toBe(union.quantity)
      expect(Math.abs(merged.stdDev - union.stdDev)).toBeLessThanOrEqual(1e-4 + 1e-12)
    }
  })

  it('merging is order-independent', () => {
    for (const [a, b] of cases.slice(0, 50)) {
      expect(mergeAggregates([aggregateReports(b), aggregateReports(a)])).toEqual(mergeAggregates([aggregateReports(a), aggregateReports(b)]))
    }
  })

  it('std-dev is never negative and never NaN', () => {
    for (const [a] of cases) {
      const s = matrixNumbers(sumsFromReports(a)).stdDev
      expect(Number.isNaN(s)).toBe(false)
      expect(s).toBeGreaterThanOrEqual(0)
    }
  })
})
