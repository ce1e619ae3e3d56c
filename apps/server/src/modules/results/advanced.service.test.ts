import { NO_END_MS, type AdvancedQuery, type MatrixElement } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { fakeAccounts } from '../../testing/fake-accounts'
import { fakeCatalog, fakeDropInfo, fakeItem, fakeStage } from '../../testing/fake-catalog'
import { fakeResultsRepository, type FakeResultsTables } from '../../testing/fake-results-repository'
import { DEMO_SOURCE } from '../demo/demo-source'
import { createAdvancedService } from './advanced.service'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const T0 = 1_560_000_000_000
const NOW = T0 + 100 * DAY

// s1 on CN: `a` and `b` drop during the whole window, `z` only long before it, `r` is recognition-only.
const catalog = fakeCatalog({
  items: [fakeItem('b', 1), fakeItem('a', 2), fakeItem('z', 3), fakeItem('r', 4)],
  stages: [fakeStage('s1')],
  dropInfos: [
    fakeDropInfo('CN', 's1', 'a'),
    fakeDropInfo('CN', 's1', 'b'),
    fakeDropInfo('CN', 's1', 'z', { startAt: 0, endAt: T0 - 30 * DAY }),
    fakeDropInfo('CN', 's1', 'r', { dropType: 'RECOGNITION_ONLY' }),
  ],
})

type Report = FakeResultsTables['reports'][number]
const report = (r: Partial<Report>): Report => ({
  server: 'CN',
  stageId: 's1',
  patternId: 1,
  times: 1,
  accountId: 1,
  category: 'automated',
  createdAt: T0,
  reliability: 0,
  source: 'MaaAssistantArknights',
  ...r,
})

const setup = (baselineFetchedAt?: number) => {
  const fake = fakeResultsRepository()
  fake.tables.patterns.set(1, [{ itemId: 'a', quantity: 2 }])
  fake.tables.patterns.set(2, [
    { itemId: 'a', quantity: 1 },
    { itemId: 'b', quantity: 1 },
  ])
  fake.tables.patterns.set(3, [])
  fake.tables.reports.push(
    report({ patternId: 1 }),
    report({ patternId: 2, times: 2, createdAt: T0 + DAY, accountId: 2, category: 'manual' }),
    report({ patternId: 3, createdAt: T0 + 2 * DAY }),
    // Not counted globally: rejected, unverified, recalled, simulated.
    report({ patternId: 2, reliability: 6 }),
    report({ patternId: 2, reliability: null }),
    report({ patternId: 2, reliability: -1 }),
    report({ patternId: 2, source: DEMO_SOURCE, createdAt: T0 + HOUR }),
  )
  const service = createAdvancedService({
    repository: fake.repository,
    catalog,
    accounts: fakeAccounts({ '000000001': 1 }),
    clock: () => NOW,
    ...(baselineFetchedAt === undefined ? {} : { baselineFetchedAt: { CN: baselineFetchedAt } }),
  })
  return { ...fake, service }
}

const query = (q: Partial<AdvancedQuery>): AdvancedQuery => ({ server: 'CN', stageId: 's1', start: T0 - DAY, end: T0 + 3 * DAY, ...q }) as AdvancedQuery
const matrixOf = (result: unknown) => (result as { matrix: MatrixElement[] }).matrix

describe('advanced service (fake repository)', () => {
  it('a window matrix: every item-level pair open in the window, zero quantities included, ordered by sortId', async () => {
    const { service } = setup()
    const { results, personal, simulatedRuns } = await service.query({ queries: [query({})] }, null)
    expect(personal).toBe(false)
    expect(simulatedRuns).toBe(0)
    // Runs: 1 + 2 + 1 = 4; a: 2 + 1 = 3, b: 1.
    expect(matrixOf(results[0])).toEqual([
      { stageId: 's1', itemId: 'b', times: 4, quantity: 1, stdDev: expect.any(Number), start: T0 - DAY, end: T0 + 3 * DAY },
      { stageId: 's1', itemId: 'a', times: 4, quantity: 3, stdDev: expect.any(Number), start: T0 - DAY, end: T0 + 3 * DAY },
    ])
  })

  it('filters by category and by items, and answers no rows for a window without runs', async () => {
    const { service } = setup()
    const { results } = await service.query(
      { queries: [query({ sourceCategory: 'manual' }), query({ itemIds: ['a'] }), query({ start: T0 + 10 * DAY, end: T0 + 11 * DAY })] },
      null,
    )
    expect(matrixOf(results[0]).map((e) => [e.itemId, e.times, e.quantity])).toEqual([
      ['b', 2, 1],
      ['a', 2, 1],
    ])
    expect(matrixOf(results[1]).map((e) => e.itemId)).toEqual(['a'])
    expect(matrixOf(results[2])).toEqual([])
  })

  it('personal queries count the caller’s reports with reliability ≥ 0 or unverified', async () => {
    const { service, callsOf } = setup()
    const { results, personal } = await service.query({ queries: [query({ isPersonal: true })] }, '000000001')
    expect(personal).toBe(true)
    expect(callsOf('windowPatterns')[0]?.args[0]).toMatchObject({ accountId: 1 })
    // Account 1: pattern 1 (a×2), 3 (nothing), 2 rejected (6, counts), unverified (counts); recalled and demo out.
    expect(matrixOf(results[0]).map((e) => [e.itemId, e.times, e.quantity])).toEqual([
      ['b', 4, 2],
      ['a', 4, 4],
    ])
    await expect(service.query({ queries: [query({ isPersonal: true })] }, null)).rejects.toMatchObject({ statusCode: 400 })
  })

  it('adds an imported baseline only when the window covers it', async () => {
    const { service, tables } = setup(T0 - 2 * DAY)
    tables.baselines.push({ server: 'CN', stageId: 's1', itemId: 'a', times: 100, quantity: 50, stdDev: 0.5, startAt: T0 - 20 * DAY, endAt: NO_END_MS })
    const covered = await service.query({ queries: [query({ start: T0 - 20 * DAY })] }, null)
    expect(matrixOf(covered.results[0]).find((e) => e.itemId === 'a')).toMatchObject({ times: 104, quantity: 53 })
    const partial = await service.query({ queries: [query({ start: T0 - 19 * DAY })] }, null)
    expect(matrixOf(partial.results[0]).find((e) => e.itemId === 'a')).toMatchObject({ times: 4, quantity: 3 })
  })

  it('a trend: buckets from the start, simulated runs included and counted, every item of the window', async () => {
    const { service } = setup()
    const { results, simulatedRuns } = await service.query({ queries: [query({ start: T0, end: T0 + 3 * DAY, interval: DAY })] }, null)
    expect(simulatedRuns).toBe(1)
    expect(results[0]).toEqual({
      trend: {
        s1: {
          startTime: T0,
          results: {
            // A report's pattern is its total over all its runs: the 2-run report adds a×1 and b×1.
            a: { quantity: [3, 1, 0], times: [2, 2, 1] },
            b: { quantity: [1, 1, 0], times: [2, 2, 1] },
          },
        },
      },
    })
  })

  it('refuses unknown stages and items and bad windows', async () => {
    const { service } = setup()
    await expect(service.query({ queries: [query({ stageId: 'nope' })] }, null)).rejects.toMatchObject({ statusCode: 400, code: 'NOT_FOUND' })
    await expect(service.query({ queries: [query({ itemIds: ['nope'] })] }, null)).rejects.toMatchObject({ statusCode: 400, code: 'NOT_FOUND' })
    await expect(service.query({ queries: [query({ end: T0 - 2 * DAY })] }, null)).rejects.toMatchObject({ statusCode: 400, code: 'INVALID_REQUEST' })
    await expect(service.query({ queries: [query({ interval: 60_000 })] }, null)).rejects.toMatchObject({ statusCode: 400 })
  })
})
