import { NO_END_MS, type Category, type MatrixElement, type Server } from '@dropwise/schemas'
import { serverDayIndex } from '@dropwise/stats'
import { afterEach, describe, expect, it } from 'vitest'
import { createDataVersion } from '../../lib/data-version'
import { fakeAccounts } from '../../testing/fake-accounts'
import { fakeCatalog, fakeDropInfo, fakeItem, fakeStage } from '../../testing/fake-catalog'
import type { MatrixRepository, PairWindow } from './matrix.repository'
import { createMatrixService, type MatrixService } from './matrix.service'

const DAY = 86_400_000
const NOW = Date.UTC(2025, 10, 20, 4, 0, 0)
const TODAY = serverDayIndex('CN', NOW)
// s1: `a` drops since P0 (open), `b` dropped during [P1, P2) only. s2 closed: its pairs show only with closed stages.
const P0 = NOW - 100 * DAY
const P1 = NOW - 30 * DAY
const P2 = NOW - 20 * DAY

const catalog = fakeCatalog(
  {
    items: [fakeItem('a', 1), fakeItem('b', 2)],
    stages: [fakeStage('s1'), fakeStage('s2')],
    dropInfos: [
      fakeDropInfo('CN', 's1', 'a', { startAt: P0 }),
      fakeDropInfo('CN', 's1', 'b', { startAt: P1, endAt: P2 }),
      fakeDropInfo('CN', 's2', 'a', { startAt: P0, endAt: P2 }),
    ],
  },
  () => NOW,
)

/** The matrix repository in memory: all-time totals, per-day sums for partial windows, personal reports. */
const fakeMatrixRepository = () => {
  const windowCalls: PairWindow[][] = []
  const basisCalls: (string | null)[] = []
  const baselineReads: Server[] = []
  const data = {
    /** The loaded seed's content hash. */
    seedStamp: 'seed-1' as string | null,
    basisTotals: [{ category: 'automated', times: 30, reports: 3 }],
    /** The database stopped under the basis query. */
    basisDown: false,
    baselines: [{ stageId: 's1', itemId: 'a', times: 1000, quantity: 400, stdDev: 0.5, startAt: P0, endAt: NO_END_MS }],
    stageTotals: [
      { stage_id: 's1', times: 100, min_day: serverDayIndex('CN', P1 - DAY), max_day: TODAY },
      { stage_id: 's2', times: 10, min_day: serverDayIndex('CN', P0), max_day: serverDayIndex('CN', P2 - DAY) },
    ],
    itemTotals: [
      { stage_id: 's1', item_id: 'a', quantity: 50, quantity_sq: 60 },
      { stage_id: 's1', item_id: 'b', quantity: 7, quantity_sq: 9 },
      { stage_id: 's2', item_id: 'a', quantity: 3, quantity_sq: 3 },
    ],
    // What the per-day tables hold for b's window: 40 runs of s1, 5 b.
    windowSums: [{ stage_id: 's1', item_id: 'b', times: 40, quantity: 5, quantity_sq: 7 }],
    personal: [] as { stage_id: string; times: number; created_at: number; category: string; pattern: { itemId: string; quantity: number }[] }[],
  }
  const repository = {
    baselineStamp: async () => data.seedStamp,
    baselines: async (server: Server) => {
      baselineReads.push(server)
      return server === 'CN' ? data.baselines : []
    },
    totals: async (server: Server, category: Category) =>
      server === 'CN' && category === 'all' ? { stages: data.stageTotals, items: data.itemTotals } : { stages: [], items: [] },
    windowSums: async (_server: Server, _category: Category, windows: readonly PairWindow[]) => {
      if (windows.length === 0) return []
      windowCalls.push([...windows])
      return data.windowSums.filter((s) => windows.some((w) => w.stageId === s.stage_id && w.itemId === s.item_id))
    },
    basisCounts: async (_server: Server, stageId: string | null) => {
      basisCalls.push(stageId)
      if (data.basisDown) throw new Error('Connection terminated unexpectedly')
      return { imported: 0, totals: data.basisTotals.map((t) => ({ ...t })), fetchedAt: null, upstream: null }
    },
    personalReports: async (accountId: number, server: Server) => (accountId === 7 && server === 'CN' ? data.personal : []),
  } satisfies MatrixRepository
  return { repository, data, windowCalls, basisCalls, baselineReads }
}

const elementsOf = (body: string) => JSON.parse(body).matrix as MatrixElement[]
const pick = (elements: MatrixElement[], stageId: string, itemId: string) => elements.find((e) => e.stageId === stageId && e.itemId === itemId)

let services: MatrixService[] = []
const setup = () => {
  const fake = fakeMatrixRepository()
  const version = createDataVersion(1)
  const now = { value: NOW }
  const matrix = createMatrixService({ repository: fake.repository, catalog, accounts: fakeAccounts({ '000000007': 7 }), version, clock: () => now.value })
  services.push(matrix)
  return { ...fake, version, now, matrix }
}
afterEach(async () => {
  await Promise.all(services.map((s) => s.settle()))
  services = []
})

describe('matrix service (fake repository)', () => {
  it('adds the baseline of the same period to the all-time totals; sums days only for pairs whose period does not cover them', async () => {
    const { matrix, windowCalls } = setup()
    const elements = await matrix.globalElements('CN', 'all', true)
    expect(pick(elements, 's1', 'a')).toMatchObject({ times: 1100, quantity: 450, start: P0, end: null })
    expect(pick(elements, 's1', 'b')).toMatchObject({ times: 40, quantity: 5, start: P1, end: P2 })
    expect(windowCalls).toEqual([[{ stageId: 's1', itemId: 'b', fromDay: serverDayIndex('CN', P1), toDay: serverDayIndex('CN', P2 - 1) + 1 }]])
  })

  it('leaves closed stages out unless asked, and filters by stage and item', async () => {
    const { matrix } = setup()
    const query = { server: 'CN' as const, category: 'all' as const, is_personal: false }
    const open = elementsOf((await matrix.matrix({ ...query, showClosed: false }, null)).body)
    expect(open.map((e) => e.stageId)).not.toContain('s2')
    const all = await matrix.matrix({ ...query, showClosed: true }, null)
    expect(pick(elementsOf(all.body), 's2', 'a')).toMatchObject({ times: 10, quantity: 3, end: P2 })
    expect(all.gzip).not.toBeNull()
    const filtered = elementsOf((await matrix.matrix({ ...query, showClosed: true, itemFilter: ['b'] }, null)).body)
    expect(filtered.map((e) => `${e.stageId}|${e.itemId}`)).toEqual(['s1|b'])
  })

  it('keeps a basis until the data version moves, and keeps no failure', async () => {
    const { matrix, data, version, basisCalls } = setup()
    expect((await matrix.basis('CN', null)).reported.automated).toEqual({ runs: 30, reports: 3 })
    expect((await matrix.basis('CN', null)).reported.automated).toEqual({ runs: 30, reports: 3 })
    await matrix.basis('CN', 's1')
    expect(basisCalls).toEqual([null, 's1'])
    // New reports counted: the worker bumps the version, and the next answer counts them.
    data.basisTotals = [{ category: 'automated', times: 40, reports: 4 }]
    expect((await matrix.basis('CN', null)).reported.automated.runs).toBe(30)
    version.advance(2)
    expect((await matrix.basis('CN', null)).reported.automated).toEqual({ runs: 40, reports: 4 })
    expect(basisCalls).toEqual([null, 's1', null])
    // An unknown stage is refused each time, without asking the repository.
    await expect(matrix.basis('CN', 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(matrix.basis('CN', 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(basisCalls).toHaveLength(3)
  })

  it('answers a basis again once the database is back, and one query serves requests that arrive together', async () => {
    const { matrix, data, basisCalls } = setup()
    data.basisDown = true
    await expect(matrix.basis('CN', null)).rejects.toThrow('Connection terminated unexpectedly')
    data.basisDown = false
    const together = await Promise.all([matrix.basis('CN', null), matrix.basis('CN', null), matrix.basis('CN', null)])
    expect(together.map((b) => b.reported.automated.runs)).toEqual([30, 30, 30])
    expect(basisCalls).toEqual([null, null])
  })

  it('serves the previous numbers while a newer version rebuilds, then the new ones', async () => {
    const { matrix, data, version, now } = setup()
    expect(pick(await matrix.globalElements('CN', 'all', true), 's1', 'a')?.quantity).toBe(450)
    data.itemTotals[0] = { stage_id: 's1', item_id: 'a', quantity: 70, quantity_sq: 80 }
    expect(pick(await matrix.globalElements('CN', 'all', true), 's1', 'a')?.quantity).toBe(450)
    version.advance(2)
    now.value = NOW + 5_000
    expect(pick(await matrix.globalElements('CN', 'all', true), 's1', 'a')?.quantity).toBe(450)
    await matrix.settle()
    expect(pick(await matrix.globalElements('CN', 'all', true), 's1', 'a')?.quantity).toBe(470)
  })

  it('reads the imported baselines once per seed: a rebuild for new reports reuses them, a new seed reads them again', async () => {
    const { matrix, data, version, now, baselineReads } = setup()
    expect(pick(await matrix.globalElements('CN', 'all', true), 's1', 'a')?.quantity).toBe(450)
    version.advance(2)
    now.value = NOW + 5_000
    await matrix.settle()
    expect(baselineReads).toEqual(['CN'])
    // Another process loaded a newer seed: its baselines count from the next rebuild on.
    data.seedStamp = 'seed-2'
    data.baselines = [{ ...data.baselines[0]!, quantity: 500 }]
    version.advance(3)
    now.value = NOW + 10_000
    await matrix.settle()
    expect(baselineReads).toEqual(['CN', 'CN'])
    expect(pick(await matrix.globalElements('CN', 'all', true), 's1', 'a')?.quantity).toBe(550)
  })

  it('a background rebuild that fails keeps the previous numbers and raises no unhandled rejection', async () => {
    const { matrix, repository, version, now } = setup()
    expect(pick(await matrix.globalElements('CN', 'all', true), 's1', 'a')?.quantity).toBe(450)
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => void unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      // As at shutdown: the database is gone under a rebuild that a stale answer does not wait for.
      repository.baselines = async () => {
        throw new Error('driver has already been destroyed')
      }
      version.advance(2)
      now.value = NOW + 5_000
      expect(pick(await matrix.globalElements('CN', 'all', true), 's1', 'a')?.quantity).toBe(450)
      // Nobody waits for that rebuild: give its failure the time to surface before settle() would look at it.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(unhandled).toEqual([])
      await matrix.settle()
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })

  it('personal matrices count the caller’s reports inside each pair’s current period', async () => {
    const { matrix, data } = setup()
    data.personal.push(
      { stage_id: 's1', times: 2, created_at: NOW - DAY, category: 'manual', pattern: [{ itemId: 'a', quantity: 3 }] },
      { stage_id: 's1', times: 1, created_at: NOW - DAY, category: 'automated', pattern: [] },
      // Before a's period: not counted for a; inside b's period.
      { stage_id: 's1', times: 1, created_at: P0 - DAY, category: 'manual', pattern: [{ itemId: 'a', quantity: 9 }] },
      { stage_id: 's1', times: 1, created_at: P1 + DAY, category: 'manual', pattern: [{ itemId: 'b', quantity: 1 }] },
    )
    const answer = await matrix.matrix({ server: 'CN', category: 'all', is_personal: true, showClosed: true }, '000000007')
    expect(answer.personal).toBe(true)
    const elements = elementsOf(answer.body)
    expect(pick(elements, 's1', 'a')).toMatchObject({ times: 4, quantity: 3, start: P0, end: null })
    expect(pick(elements, 's1', 'b')).toMatchObject({ times: 1, quantity: 1, start: P1, end: P2 })
    const manual = elementsOf((await matrix.matrix({ server: 'CN', category: 'manual', is_personal: true, showClosed: true }, '000000007')).body)
    expect(pick(manual, 's1', 'a')).toMatchObject({ times: 3, quantity: 3 })
    await expect(matrix.matrix({ server: 'CN', category: 'all', is_personal: true, showClosed: true }, null)).rejects.toMatchObject({ statusCode: 400 })
  })
})
