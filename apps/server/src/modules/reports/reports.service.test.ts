import type { ReportRequest } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { createDataVersion } from '../../lib/data-version'
import { fakeAccounts } from '../../testing/fake-accounts'
import { fakeCatalog, fakeDropInfo, fakeItem, fakeStage } from '../../testing/fake-catalog'
import { createReportWriter } from './report-writer'
import type { NewReport, ReportsRepository } from './reports.repository'
import { createReportsService } from './reports.service'

const HOUR = 3_600_000
const T = 1_700_000_000_000

// main_01-07_rep is open until T + HOUR: old MAA builds report it under the _perm id.
const catalog = fakeCatalog(
  {
    items: [fakeItem('a', 1), fakeItem('b', 2)],
    stages: [fakeStage('s1'), fakeStage('box', { isGacha: true }), fakeStage('main_01-07_perm'), fakeStage('main_01-07_rep')],
    dropInfos: [fakeDropInfo('CN', 's1', 'a'), fakeDropInfo('CN', 'box', 'a'), fakeDropInfo('CN', 'main_01-07_rep', 'a', { endAt: T + HOUR })],
  },
  () => T,
)

/** Reports stored in memory; `refuse` makes the insert of a report with that stage fail (a database refusal). */
const fakeReportsRepository = () => {
  const stored: (NewReport & { reliability: number | null })[] = []
  const recalls: { stageId: string; gacha: boolean }[] = []
  let version = 100
  const refuse = new Set<string>()
  const repository: ReportsRepository = {
    insertBatch: async (reports) => {
      if (reports.some((r) => refuse.has(r.stageId))) throw new Error('refused')
      stored.push(...reports.map((r) => ({ ...r, reliability: null })))
      return reports.map(() => ({ stored: true as const }))
    },
    recall: async (reportHash, accountId, notBefore, _now, isGacha) => {
      const r = stored.find((s) => s.reportHash === reportHash && s.accountId === accountId && s.createdAt >= notBefore && s.reliability !== -1)
      if (!r) return null
      const counted = r.reliability === 0
      r.reliability = -1
      recalls.push({ stageId: r.stageId, gacha: isGacha(r.stageId) })
      return counted ? ++version : ('recalled' as const)
    },
  }
  return { repository, stored, recalls, refuse }
}

const setup = () => {
  const fake = fakeReportsRepository()
  const now = { value: T }
  const version = createDataVersion(1)
  let stored = 0
  let n = 0
  const reports = createReportsService({
    catalog,
    accounts: fakeAccounts({ '000000042': 42 }),
    repository: fake.repository,
    writer: createReportWriter(fake.repository.insertBatch),
    version,
    clock: () => now.value,
    randomAlnum: (length) => String(n++).padStart(length, 'x'),
    onStored: () => stored++,
  })
  return { ...fake, now, version, reports, storedCalls: () => stored }
}

const ctx = (penguinId: string | null = '000000042') => ({ penguinId, ip: '10.0.0.1', requestId: 'r'.repeat(20) })
const body = (b: Partial<ReportRequest>): ReportRequest => ({ server: 'CN', stageId: 's1', source: 'MaaAssistantArknights', version: 'v5.0.0', ...b })

describe('reports service (fake repository)', () => {
  it('stores a normalised report with its pattern and category for a known account', async () => {
    const { reports, stored, storedCalls } = setup()
    const answer = await reports.submit(
      body({
        drops: [
          { dropType: 'NORMAL_DROP', itemId: 'a', quantity: 2 },
          { dropType: 'EXTRA_DROP', itemId: 'a', quantity: 1 },
        ],
      }),
      ctx(),
    )
    expect(answer).toEqual({ reportHash: `${'r'.repeat(20)}-${'x'.repeat(15)}0`, assignedPenguinId: null })
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ accountId: 42, stageId: 's1', times: 1, category: 'automated', createdAt: T, pattern: [{ itemId: 'a', quantity: 3 }], md5: null })
    expect(storedCalls()).toBe(1)
    await reports.submit(body({ source: 'frontend-v2', times: 3, metadata: { md5: 'abc' } }), ctx())
    expect(stored[1]).toMatchObject({ times: 3, category: 'manual', pattern: [], md5: 'abc' })
  })

  it('creates an account for a caller without a known PenguinID and says so', async () => {
    const { reports, stored } = setup()
    const answer = await reports.submit(body({}), ctx(null))
    expect(answer.assignedPenguinId).toMatch(/^\d{9}$/)
    expect(stored[0]?.accountId).not.toBe(42)
    const again = await reports.submit(body({}), ctx('999999999'))
    expect(again.assignedPenguinId).toMatch(/^\d{9}$/)
  })

  it('counts runs of a gacha stage from its drops, and refuses unknown stages before storing', async () => {
    const { reports, stored } = setup()
    await reports.submit(body({ stageId: 'box', times: 1, drops: [{ dropType: 'NORMAL_DROP', itemId: 'a', quantity: 4 }] }), ctx())
    expect(stored[0]?.times).toBe(4)
    await expect(reports.submit(body({ stageId: 'nope' }), ctx())).rejects.toMatchObject({ statusCode: 400, code: 'NOT_FOUND' })
    expect(stored).toHaveLength(1)
  })

  it('moves old MAA reports of a _perm stage to the _rep stage while that one is open', async () => {
    const { reports, stored, now } = setup()
    await reports.submit(body({ stageId: 'main_01-07_perm', source: 'MeoAssistant' }), ctx())
    await reports.submit(body({ stageId: 'main_01-07_perm', source: 'MaaAssistantArknights' }), ctx())
    now.value = T + 2 * HOUR
    await reports.submit(body({ stageId: 'main_01-07_perm', source: 'MeoAssistant' }), ctx())
    expect(stored.map((r) => r.stageId)).toEqual(['main_01-07_rep', 'main_01-07_perm', 'main_01-07_perm'])
  })

  it('a recognition batch stores the valid entries and lists the others by index', async () => {
    const { reports, stored, refuse, storedCalls } = setup()
    refuse.add('box')
    const batch = {
      server: 'CN' as const,
      source: 'frontend-v2-recognition',
      version: 'v1.0.0',
      batchDrops: [
        { stageId: 's1', drops: [{ dropType: 'NORMAL_DROP', itemId: 'a', quantity: 1 }] },
        { stageId: 's1', drops: [{ dropType: 'NORMAL_DROP', itemId: 'a', quantity: 0 }] },
        { stageId: 'nope', drops: [] },
        { stageId: 'box', drops: [{ dropType: 'NORMAL_DROP', itemId: 'a', quantity: 1 }] },
      ],
    }
    const answer = await reports.submitRecognition(batch, ctx())
    expect(answer.errors.map((e) => e.index)).toEqual([1, 2, 3])
    expect(answer.errors[0]?.message).toMatch(/^invalid request: drops\.0\.quantity: /)
    expect(stored.map((r) => [r.stageId, r.times])).toEqual([['s1', 1]])
    expect(storedCalls()).toBe(1)
  })

  it('recall: only the owner, within 24 hours, once; the version moves when counted numbers leave', async () => {
    const { reports, stored, recalls, version, now } = setup()
    const { reportHash } = await reports.submit(body({ stageId: 'box', drops: [{ dropType: 'NORMAL_DROP', itemId: 'a', quantity: 1 }] }), ctx())
    const second = await reports.submit(body({}), ctx())
    await expect(reports.recall(reportHash, '000000999')).rejects.toMatchObject({ statusCode: 400 })
    await expect(reports.recall(reportHash, null)).rejects.toMatchObject({ statusCode: 400 })
    stored[0]!.reliability = 0
    await reports.recall(reportHash, '000000042')
    expect(version.get()).toBe(101)
    expect(recalls).toEqual([{ stageId: 'box', gacha: true }])
    await expect(reports.recall(reportHash, '000000042')).rejects.toMatchObject({ statusCode: 400 })
    now.value = T + 25 * HOUR
    await expect(reports.recall(second.reportHash, '000000042')).rejects.toMatchObject({ statusCode: 400 })
    now.value = T + 23 * HOUR
    await reports.recall(second.reportHash, '000000042') // unverified: nothing to take back, the version stays
    expect(version.get()).toBe(101)
  })
})
