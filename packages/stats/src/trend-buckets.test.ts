import { describe, expect, it } from 'vitest'
import { type TrendPlan, MAX_TREND_BUCKETS, bucketIndexOf, bucketRange, fillTrend, planTrendBuckets, trendPlanErrorMessage } from './trend-buckets'

const H = 3_600_000
const D = 24 * H
const S = 1_700_000_000_000

describe('planTrendBuckets (§8.4 Ours)', () => {
  it.each<[string, number, number, object]>([
    ['one day, hourly', S + D, H, { ok: true, intervalMs: H, bucketCount: 24 }],
    ['10 days, daily', S + 10 * D, D, { ok: true, intervalMs: D, bucketCount: 10 }],
    ['10.5 days, daily: N = ⌊252 h⌋ ÷ 24 = 10', S + 10.5 * D, D, { ok: true, bucketCount: 10 }],
    ['window shorter than one interval → one bucket', S + 5 * H, D, { ok: true, bucketCount: 1 }],
    ['window shorter than one hour → one bucket', S + 1000, H, { ok: true, bucketCount: 1 }],
    ['interval rounds to the nearest hour (1.5 h → 2 h)', S + 10 * H, 1.5 * H, { ok: true, intervalMs: 2 * H, bucketCount: 5 }],
    ['interval rounds down (1.49 h → 1 h)', S + 10 * H, 1.49 * H, { ok: true, intervalMs: H, bucketCount: 10 }],
    ['30 minutes rounds up to 1 hour', S + 3 * H, H / 2, { ok: true, intervalMs: H, bucketCount: 3 }],
    ['just under 30 minutes → too short', S + 3 * H, H / 2 - 1, { ok: false, reason: 'interval-too-short' }],
    ['zero interval → too short', S + 3 * H, 0, { ok: false, reason: 'interval-too-short' }],
    ['negative interval → too short', S + 3 * H, -D, { ok: false, reason: 'interval-too-short' }],
    ['exactly 360 buckets is allowed', S + 360 * H, H, { ok: true, bucketCount: MAX_TREND_BUCKETS }],
    ['361 buckets is too many', S + 361 * H, H, { ok: false, reason: 'too-many-buckets', bucketCount: 361, max: 360 }],
    ['a year of 4-day buckets is fine', S + 365 * D, 4 * D, { ok: true, bucketCount: 91 }],
    ['a year hourly is too many', S + 365 * D, H, { ok: false, reason: 'too-many-buckets', bucketCount: 8760 }],
    ['end = start', S, H, { ok: false, reason: 'invalid-window' }],
    ['end before start', S - D, H, { ok: false, reason: 'invalid-window' }],
  ])('%s', (_name, end, interval, want) => expect(planTrendBuckets(S, end, interval)).toMatchObject(want))

  it('reports the query start as startTime', () => {
    expect(planTrendBuckets(S + 123, S + 123 + D, H)).toMatchObject({ startTime: S + 123, end: S + 123 + D })
  })

  it('the web intervals all plan within the cap for a 5-day window', () => {
    for (const interval of [3_600_000, 21_600_000, 43_200_000, 86_400_000, 345_600_000]) {
      const plan = planTrendBuckets(S, S + 5 * D, interval)
      expect(plan.ok).toBe(true)
    }
  })

  it('messages', () => {
    expect(trendPlanErrorMessage({ ok: false, reason: 'interval-too-short' })).toBe('interval length must be greater than 1 hour')
    const tooMany = trendPlanErrorMessage({ ok: false, reason: 'too-many-buckets', bucketCount: 400, max: 360 })
    expect(tooMany).toContain('400')
    expect(tooMany).toContain('360')
  })
})

describe('bucket geometry', () => {
  const plan = planTrendBuckets(S, S + 2 * D + 5 * H, D) as TrendPlan
  const short = planTrendBuckets(S, S + 5 * H, D) as TrendPlan

  it.each<[TrendPlan, number, { start: number; end: number } | null]>([
    [plan, 0, { start: S, end: S + D }],
    [plan, 1, { start: S + D, end: S + 2 * D }],
    [plan, 2, null],
    [plan, -1, null],
    [short, 0, { start: S, end: S + 5 * H }],
  ])('bucketRange #%#', (p, i, want) => expect(bucketRange(p, i)).toEqual(want))

  it.each<[TrendPlan, number, number | null]>([
    [plan, S, 0],
    [plan, S + D - 1, 0],
    [plan, S + D, 1],
    [plan, S + 2 * D - 1, 1],
    [plan, S + 2 * D, null], // the tail after N intervals belongs to no bucket
    [plan, S - 1, null],
    [short, S + 5 * H - 1, 0],
    [short, S + 5 * H, null], // cut at end
  ])('bucketIndexOf #%#', (p, t, want) => expect(bucketIndexOf(p, t)).toBe(want))
})

describe('fillTrend', () => {
  const plan = planTrendBuckets(S, S + 3 * D, D) as TrendPlan

  it('gives every item the real run counts and zero-filled quantities', () => {
    const runs = [
      { at: S, times: 1 },
      { at: S + 10, times: 3 },
      { at: S + 2 * D, times: 2 },
      { at: S + 3 * D, times: 100 }, // outside
    ]
    const drops = new Map([
      ['2002', [{ at: S, quantity: 1 }]],
      [
        '2003',
        [
          { at: S + 2 * D + 1, quantity: 4 },
          { at: S - 1, quantity: 9 },
        ],
      ],
      ['never', []],
    ])
    const result = fillTrend(plan, runs, drops)
    expect(Object.fromEntries(result)).toEqual({
      '2002': { quantity: [1, 0, 0], times: [4, 0, 2] },
      '2003': { quantity: [0, 0, 4], times: [4, 0, 2] },
      never: { quantity: [0, 0, 0], times: [4, 0, 2] },
    })
  })

  it('arrays of one item never share storage with another item', () => {
    const result = fillTrend(
      plan,
      [{ at: S, times: 1 }],
      new Map([
        ['a', []],
        ['b', []],
      ]),
    )
    result.get('a')!.times[0] = 99
    expect(result.get('b')!.times[0]).toBe(1)
  })
})
