import type { PatternElement } from '@dropwise/schemas'
import { serverDayIndex } from '@dropwise/stats'
import { describe, expect, it } from 'vitest'
import { createDataVersion } from '../../lib/data-version'
import { fakeAccounts } from '../../testing/fake-accounts'
import { fakeCatalog, fakeDropInfo, fakeItem, fakeStage } from '../../testing/fake-catalog'
import { fakeResultsRepository } from '../../testing/fake-results-repository'
import { DEMO_SOURCE } from '../demo/demo-source'
import { createPatternsService } from './patterns.service'

// 2025-11-20 12:00 on the CN clock.
const NOW = Date.UTC(2025, 10, 20, 4, 0, 0)
const TODAY = serverDayIndex('CN', NOW)
// s1 drops `a` since forever and had an event item `e` until EVENT_END: its pattern window starts there.
const EVENT_END = NOW - 30 * 86_400_000

const catalog = fakeCatalog({
  items: [fakeItem('b', 1), fakeItem('a', 2), fakeItem('e', 3)],
  stages: [fakeStage('s1'), fakeStage('gacha', { isGacha: true }), fakeStage('recruit'), fakeStage('later')],
  dropInfos: [
    fakeDropInfo('CN', 's1', 'a'),
    fakeDropInfo('CN', 's1', 'e', { startAt: EVENT_END - 14 * 86_400_000, endAt: EVENT_END }),
    fakeDropInfo('CN', 's1', 'x', { dropType: 'RECOGNITION_ONLY', startAt: NOW - 86_400_000 }),
    fakeDropInfo('CN', 'gacha', 'a'),
    fakeDropInfo('CN', 'recruit', 'a'),
    // Not started yet: no window (and the cache expires when it starts).
    fakeDropInfo('CN', 'later', 'a', { startAt: NOW + 3_600_000 }),
  ],
})

const setup = () => {
  const fake = fakeResultsRepository()
  const { tables } = fake
  // Pattern i (1..21) on day today−3, i reports each; pattern 1 (b×1 + a×2) also on a demo day.
  for (let i = 1; i <= 21; i++) {
    tables.patterns.set(i, [
      { itemId: 'a', quantity: i },
      { itemId: 'b', quantity: 1 },
    ])
    tables.patternDays.push({ server: 'CN', category: 'all', stageId: 's1', patternId: i, day: TODAY - 3, reports: i })
  }
  tables.patternDays.push({ server: 'CN', category: 'demo', stageId: 's1', patternId: 21, day: TODAY, reports: 4 })
  tables.patternDays.push({ server: 'CN', category: 'all', stageId: 's1', patternId: 1, day: serverDayIndex('CN', EVENT_END) - 1, reports: 500 })
  tables.stageDays.push({ server: 'CN', category: 'all', stageId: 's1', day: TODAY - 3, times: 300, singleRunReports: 250 })
  tables.stageDays.push({ server: 'CN', category: 'demo', stageId: 's1', day: TODAY, times: 4, singleRunReports: 4 })
  const version = createDataVersion(1)
  const accounts = fakeAccounts({ '000000101': 101 })
  const patterns = createPatternsService({ repository: fake.repository, catalog, accounts, version, clock: () => NOW })
  return { ...fake, version, patterns }
}

const matrixOf = async (patterns: ReturnType<typeof setup>['patterns'], showAll = false, penguinId: string | null = null, personal = false) => {
  const answer = await patterns.matrix({ server: 'CN', category: 'all', personal, showAll }, penguinId)
  return { answer, matrix: JSON.parse(answer.body).pattern_matrix as PatternElement[] }
}

describe('patterns service (fake repository)', () => {
  it('reads each farmable stage over its latest drop-table span only', async () => {
    const { patterns, callsOf } = setup()
    await matrixOf(patterns)
    const windows = callsOf('patternCounts').flatMap((c) => c.args[2] as { stageId: string; fromDay: number; toDay: number }[])
    expect(new Set(windows.map((w) => w.stageId))).toEqual(new Set(['s1']))
    expect(Math.min(...windows.map((w) => w.fromDay))).toBe(serverDayIndex('CN', EVENT_END))
  })

  it('keeps the 19 most frequent patterns unless showAll, with the stage’s single-run reports as times', async () => {
    const { patterns } = setup()
    const { matrix, answer } = await matrixOf(patterns)
    expect(matrix.map((e) => e.quantity)).toEqual([25, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3])
    expect(matrix[0]).toEqual({
      stageId: 's1',
      pattern: {
        drops: [
          { itemId: 'b', quantity: 1 },
          { itemId: 'a', quantity: 21 },
        ],
      },
      times: 254,
      quantity: 25,
      start: EVENT_END,
      end: null,
    })
    expect(answer.simulatedRuns).toBe(4)
    expect(answer.personal).toBe(false)
    const all = (await matrixOf(patterns, true)).matrix
    expect(all).toHaveLength(21)
    expect(all.at(-1)?.quantity).toBe(1)
  })

  it('serves the cached answer until the data version moves', async () => {
    const { patterns, tables, version } = setup()
    const before = (await matrixOf(patterns)).answer.body
    tables.patternDays.push({ server: 'CN', category: 'all', stageId: 's1', patternId: 2, day: TODAY, reports: 100 })
    expect((await matrixOf(patterns)).answer.body).toBe(before)
    version.advance(2)
    expect((await matrixOf(patterns)).matrix[0]).toMatchObject({
      quantity: 102,
      pattern: {
        drops: [
          { itemId: 'b', quantity: 1 },
          { itemId: 'a', quantity: 2 },
        ],
      },
    })
  })

  it('counts a caller’s own single-run reports for personal matrices, and requires a known PenguinID', async () => {
    const { patterns, tables } = setup()
    const report = {
      server: 'CN' as const,
      stageId: 's1',
      patternId: 3,
      times: 1,
      accountId: 101,
      category: 'manual' as const,
      createdAt: NOW - 1000,
      reliability: 0,
      source: 'frontend-v2',
    }
    tables.reports.push(report, { ...report, reliability: null }, { ...report, reliability: -1 }, { ...report, times: 2 }, { ...report, accountId: 102 })
    tables.reports.push({ ...report, createdAt: EVENT_END - 1 }, { ...report, source: DEMO_SOURCE, patternId: 4 })
    const { matrix, answer } = await matrixOf(patterns, false, '000000101', true)
    expect(answer.personal).toBe(true)
    expect(matrix).toEqual([
      {
        stageId: 's1',
        pattern: {
          drops: [
            { itemId: 'b', quantity: 1 },
            { itemId: 'a', quantity: 3 },
          ],
        },
        times: 3,
        quantity: 2,
        start: EVENT_END,
        end: null,
      },
      {
        stageId: 's1',
        pattern: {
          drops: [
            { itemId: 'b', quantity: 1 },
            { itemId: 'a', quantity: 4 },
          ],
        },
        times: 3,
        quantity: 1,
        start: EVENT_END,
        end: null,
      },
    ])
    await expect(matrixOf(patterns, false, null, true)).rejects.toMatchObject({ statusCode: 400 })
    await expect(matrixOf(patterns, false, '000000999', true)).rejects.toMatchObject({ statusCode: 400 })
  })

  it('ends a window at an end that has passed, in wire form', async () => {
    const closed = fakeCatalog({
      items: [fakeItem('a', 1)],
      stages: [fakeStage('ev')],
      dropInfos: [fakeDropInfo('CN', 'ev', 'a', { startAt: 1000, endAt: NOW - 86_400_000 })],
    })
    const fake = fakeResultsRepository()
    fake.tables.patterns.set(1, [{ itemId: 'a', quantity: 1 }])
    fake.tables.patternDays.push({ server: 'CN', category: 'all', stageId: 'ev', patternId: 1, day: serverDayIndex('CN', NOW - 2 * 86_400_000), reports: 2 })
    const patterns = createPatternsService({ repository: fake.repository, catalog: closed, accounts: fakeAccounts({}), version: createDataVersion(), clock: () => NOW })
    const { matrix } = await matrixOf(patterns)
    expect(matrix).toEqual([{ stageId: 'ev', pattern: { drops: [{ itemId: 'a', quantity: 1 }] }, times: 2, quantity: 2, start: 1000, end: NOW - 86_400_000 }])
  })
})
