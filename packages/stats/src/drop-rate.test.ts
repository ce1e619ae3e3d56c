import { describe, expect, it } from 'vitest'
import { LOW_SAMPLE_MIN_TIMES, Z_95, apPerItem, confidenceInterval, dropRate, isLowSample, runsPerItem } from './drop-rate'

describe('dropRate', () => {
  it.each([
    [0, 10, 0],
    [3, 10, 0.3],
    [1, 0, null],
    [0, 0, null],
    [25, 10, 2.5],
    [1, -1, null],
    [-1, 10, null],
    [Number.NaN, 10, null],
    [1, Infinity, null],
  ])('dropRate(%s, %s) is %s', (q, t, want) => expect(dropRate(q, t)).toBe(want))
})

describe('apPerItem', () => {
  it.each([
    [18, 50, 100, 36],
    [6, 1, 1, 6],
    [0, 1, 2, 0],
    [18, 0, 100, null],
    [18, 5, 0, null],
    [99, 5, 10, null],
    [null, 5, 10, null],
    [-1, 5, 10, null],
  ])('apPerItem(%s, %s, %s) is %s', (ap, q, t, want) => expect(apPerItem(ap, q, t)).toBe(want))
})

describe('runsPerItem', () => {
  it.each([
    [1, 4, 4],
    [8, 4, 0.5],
    [0, 4, null],
    [3, 0, null],
  ])('runsPerItem(%s, %s) is %s', (q, t, want) => expect(runsPerItem(q, t)).toBe(want))
})

describe('confidenceInterval', () => {
  it('is null without runs', () => {
    expect(confidenceInterval(0, 0)).toBeNull()
    expect(confidenceInterval(3, 0)).toBeNull()
    expect(confidenceInterval(3, 10, -1)).toBeNull()
  })

  // Reference values of the Wilson score interval (z = 1.96, computed independently).
  it.each([
    [0, 10, 0, 0.27753],
    [5, 10, 0.23659, 0.76341],
    [10, 10, 0.72247, 1],
    [1, 100, 0.00177, 0.05449],
    [50, 1000, 0.03815, 0.06527],
  ])('Wilson(%i/%i) ≈ [%s, %s]', (q, t, lo, hi) => {
    const ci = confidenceInterval(q, t)!
    expect(ci.model).toBe('binomial')
    expect(ci.lower).toBeCloseTo(lo, 4)
    expect(ci.upper).toBeCloseTo(hi, 4)
  })

  it('uses the Poisson score interval when runs drop several items', () => {
    const ci = confidenceInterval(30, 10)!
    expect(ci.model).toBe('poisson')
    // r = 3, n = 10: 3 + z²/20 ± z·sqrt(3/10 + z²/400)
    const z2 = Z_95 * Z_95
    expect(ci.lower).toBeCloseTo(3 + z2 / 20 - Z_95 * Math.sqrt(0.3 + z2 / 400), 12)
    expect(ci.upper).toBeCloseTo(3 + z2 / 20 + Z_95 * Math.sqrt(0.3 + z2 / 400), 12)
    expect(ci.upper).toBeGreaterThan(1)
  })

  it('contains the rate and narrows as the sample grows (property over a grid)', () => {
    for (const t of [1, 2, 7, 30, 200, 5000]) {
      for (const q of [0, 1, Math.floor(t / 3), t, t + 1, 3 * t]) {
        const ci = confidenceInterval(q, t)!
        const rate = q / t
        expect(ci.lower).toBeLessThanOrEqual(rate + 1e-12)
        expect(ci.upper).toBeGreaterThanOrEqual(rate - 1e-12)
        expect(ci.lower).toBeGreaterThanOrEqual(0)
        if (q <= t) expect(ci.upper).toBeLessThanOrEqual(1)
        const bigger = confidenceInterval(q * 10, t * 10)!
        expect(bigger.upper - bigger.lower).toBeLessThan(ci.upper - ci.lower)
      }
    }
  })

  it('z = 0 collapses to the rate', () => {
    expect(confidenceInterval(3, 10, 0)).toEqual({ lower: 0.3, upper: 0.3, model: 'binomial' })
  })
})

describe('isLowSample', () => {
  it.each([
    [0, true],
    [199, true],
    [LOW_SAMPLE_MIN_TIMES, false],
    [10_000, false],
    [Number.NaN, true],
  ])('isLowSample(%s) is %s', (t, want) => expect(isLowSample(t)).toBe(want))

  it('takes a custom threshold', () => {
    expect(isLowSample(20, 30)).toBe(true)
    expect(isLowSample(30, 30)).toBe(false)
  })
})
