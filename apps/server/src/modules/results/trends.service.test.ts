import { serverDayIndex, serverDayStart } from '@dropwise/stats'
import { describe, expect, it } from 'vitest'
import { createDataVersion } from '../../lib/data-version'
import { fakeResultsRepository } from '../../testing/fake-results-repository'
import { firstRecentDay } from './settled-days'
import { createTrendsService } from './trends.service'

// 2025-11-20 12:00 on the CN clock.
const NOW = Date.UTC(2025, 10, 20, 4, 0, 0)
const TODAY = serverDayIndex('CN', NOW)

const setup = () => {
  const fake = fakeResultsRepository({
    stageDays: [
      { server: 'CN', category: 'all', stageId: 's1', day: TODAY - 2, times: 10, singleRunReports: 0 },
      { server: 'CN', category: 'all', stageId: 's1', day: TODAY, times: 6, singleRunReports: 0 },
      { server: 'CN', category: 'demo', stageId: 's1', day: TODAY, times: 3, singleRunReports: 0 },
      // Other categories and servers, and a day before the 60-day window: never in the global trend.
      { server: 'CN', category: 'automated', stageId: 's1', day: TODAY, times: 100, singleRunReports: 0 },
      { server: 'US', category: 'all', stageId: 's1', day: TODAY, times: 100, singleRunReports: 0 },
      { server: 'CN', category: 'all', stageId: 's2', day: TODAY - 60, times: 5, singleRunReports: 0 },
    ],
    itemDays: [
      { server: 'CN', category: 'all', stageId: 's1', itemId: 'a', day: TODAY - 2, quantity: 11 },
      { server: 'CN', category: 'all', stageId: 's1', itemId: 'a', day: TODAY, quantity: 5 },
      { server: 'CN', category: 'demo', stageId: 's1', itemId: 'a', day: TODAY, quantity: 1 },
      { server: 'CN', category: 'all', stageId: 's1', itemId: 'b', day: TODAY, quantity: 4 },
      { server: 'CN', category: 'automated', stageId: 's1', itemId: 'c', day: TODAY, quantity: 9 },
      { server: 'CN', category: 'all', stageId: 's2', itemId: 'a', day: TODAY - 60, quantity: 5 },
    ],
  })
  const version = createDataVersion(1)
  const now = { value: NOW }
  const trends = createTrendsService({ repository: fake.repository, version, clock: () => now.value })
  return { ...fake, version, now, trends }
}

const trendOf = async (trends: ReturnType<typeof setup>['trends']) => JSON.parse((await trends.global('CN')).body).trend

describe('trends service (fake repository)', () => {
  it('gives every item of a stage the stage’s runs (real and simulated) on each day, zero where it did not drop', async () => {
    const { trends } = setup()
    const answer = await trends.global('CN')
    expect(JSON.parse(answer.body).trend).toEqual({
      s1: {
        startTime: serverDayStart('CN', TODAY - 2),
        results: {
          a: { quantity: [11, 0, 6], times: [10, 0, 9] },
          b: { quantity: [0, 0, 4], times: [10, 0, 9] },
        },
      },
    })
    expect(answer.simulatedRuns).toBe(3)
    expect(answer.builtAt).toBe(NOW)
  })

  it('reads only the categories all and demo, and the 60 days ending today', async () => {
    const { trends, callsOf } = setup()
    await trends.global('CN')
    const reads = callsOf('stageDays').map((c) => c.args)
    expect(new Set(reads.map((a) => a[1]))).toEqual(new Set(['all', 'demo']))
    expect(Math.min(...reads.map((a) => a[2] as number))).toBe(TODAY - 59)
    expect(Math.max(...reads.map((a) => a[3] as number))).toBe(TODAY)
  })

  it('serves the cached answer until the data version moves, then re-reads only the recent days', async () => {
    const { trends, tables, version, callsOf } = setup()
    const first = await trendOf(trends)
    const readsAfterFirst = callsOf('stageDays').length
    tables.itemDays.push({ server: 'CN', category: 'all', stageId: 's1', itemId: 'a', day: TODAY, quantity: 100 })
    expect(await trendOf(trends)).toEqual(first)
    expect(callsOf('stageDays')).toHaveLength(readsAfterFirst)

    version.advance(2)
    expect((await trendOf(trends)).s1.results.a.quantity).toEqual([11, 0, 106])
    const rereads = callsOf('stageDays').slice(readsAfterFirst)
    expect(rereads.length).toBeGreaterThan(0)
    expect(rereads.every((c) => (c.args[2] as number) >= firstRecentDay(TODAY))).toBe(true)
  })

  it('rebuilds at the next server-local midnight: the window moves by a day', async () => {
    const { trends, now } = setup()
    expect((await trendOf(trends)).s1.results.a.quantity).toEqual([11, 0, 6])
    now.value = serverDayStart('CN', TODAY + 1)
    expect((await trendOf(trends)).s1.results.a.quantity).toEqual([11, 0, 6, 0])
  })
})
