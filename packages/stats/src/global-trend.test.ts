import { describe, expect, it } from 'vitest'
import { type DailyPairRow, GLOBAL_TREND_DAYS, buildGlobalTrend } from './global-trend'
import { serverDayStart } from './server-day'

const row = (stageId: string, itemId: string, dayIndex: number, times: number, quantity: number): DailyPairRow => ({
  stageId,
  itemId,
  dayIndex,
  times,
  quantity,
})
const TODAY = 20000

describe('buildGlobalTrend (§10.8 Ours)', () => {
  it('no rows → {}', () => expect(buildGlobalTrend('CN', TODAY, [])).toEqual({}))

  it('aligns every item of a stage to the stage’s first day and ends with today', () => {
    const trend = buildGlobalTrend('CN', TODAY, [row('s', 'a', TODAY - 3, 10, 5), row('s', 'b', TODAY - 1, 7, 2), row('s', 'a', TODAY, 4, 1)])
    expect(trend).toEqual({
      s: {
        startTime: serverDayStart('CN', TODAY - 3),
        results: {
          a: { quantity: [5, 0, 0, 1], times: [10, 0, 0, 4] },
          b: { quantity: [0, 0, 2, 0], times: [0, 0, 7, 0] },
        },
      },
    })
  })

  it('uses the server’s local midnight', () => {
    const rows = [row('s', 'a', TODAY, 1, 1)]
    expect(buildGlobalTrend('US', TODAY, rows).s!.startTime).toBe(serverDayStart('US', TODAY))
    expect(buildGlobalTrend('US', TODAY, rows).s!.startTime - buildGlobalTrend('CN', TODAY, rows).s!.startTime).toBe(15 * 3_600_000)
  })

  it('keeps only today−59 … today', () => {
    const trend = buildGlobalTrend('CN', TODAY, [
      row('s', 'a', TODAY - GLOBAL_TREND_DAYS, 100, 100), // 60 days ago: out
      row('s', 'a', TODAY - GLOBAL_TREND_DAYS + 1, 1, 1), // 59 days ago: in
      row('s', 'a', TODAY + 1, 100, 100), // tomorrow: out
      row('old', 'a', TODAY - 100, 5, 5),
    ])
    expect(Object.keys(trend)).toEqual(['s'])
    expect(trend.s!.results.a!.times).toHaveLength(GLOBAL_TREND_DAYS)
    expect(trend.s!.results.a!.times[0]).toBe(1)
  })

  it('ignores empty rows and sums duplicate rows', () => {
    const trend = buildGlobalTrend('CN', TODAY, [row('s', 'a', TODAY - 5, 0, 0), row('s', 'a', TODAY, 2, 1), row('s', 'a', TODAY, 3, 1)])
    expect(trend.s).toEqual({ startTime: serverDayStart('CN', TODAY), results: { a: { quantity: [2], times: [5] } } })
  })

  it('all arrays of a stage have equal length (property)', () => {
    let seed = 3
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    const rows = Array.from({ length: 400 }, () =>
      row(`s${Math.floor(next() * 5)}`, `i${Math.floor(next() * 8)}`, TODAY - Math.floor(next() * 80), Math.floor(next() * 9), Math.floor(next() * 3)),
    )
    for (const stage of Object.values(buildGlobalTrend('JP', TODAY, rows))) {
      const lengths = Object.values(stage.results).flatMap((r) => [r.quantity.length, r.times.length])
      expect(new Set(lengths).size).toBe(1)
      expect(lengths[0]).toBe(TODAY - Math.round((stage.startTime - serverDayStart('JP', 0)) / 86_400_000) + 1)
    }
  })
})
