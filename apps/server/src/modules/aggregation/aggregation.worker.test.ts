import { RELIABILITY } from '@dropwise/report'
import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createDataVersion } from '../../lib/data-version'
import { fakeCatalog, fakeDropInfo, fakeItem, fakeStage } from '../../testing/fake-catalog'
import { DEMO_SOURCE } from '../demo/demo-source'
import type { ActiveRule } from '../ops/rejection-rule'
import type { AggregateInput, AggregationPass, AggregationRepository } from './aggregation.repository'
import { createAggregationWorker } from './aggregation.worker'

const T = 1_700_000_000_000
// s1 drops 0..2 of `a` until T + 1000, then 0..5 of `a`; box is a gacha stage.
const catalog = fakeCatalog({
  items: [fakeItem('a', 1), fakeItem('b', 2)],
  stages: [fakeStage('s1'), fakeStage('box', { isGacha: true })],
  dropInfos: [
    fakeDropInfo('CN', 's1', 'a', { upperBound: 2, endAt: T + 1000 }),
    fakeDropInfo('CN', 's1', 'a', { upperBound: 5, startAt: T + 1000 }),
    fakeDropInfo('CN', 's1', 'b', { dropType: 'RECOGNITION_ONLY', lowerBound: null, upperBound: null }),
    fakeDropInfo('CN', 'box', 'a'),
  ],
})

type Unverified = Awaited<ReturnType<AggregationPass['unverified']>>[number]
let nextId = 1
const report = (r: Partial<Unverified> & { quantity?: number }): Unverified => {
  const quantity = r.quantity ?? 1
  const drops = quantity > 0 ? [{ dropType: 'NORMAL_DROP', itemId: 'a', quantity }] : []
  return {
    report_id: nextId++,
    server: 'CN',
    stage_id: 's1',
    pattern_id: quantity,
    drops,
    pattern: drops.map(({ itemId, quantity: q }) => ({ itemId, quantity: q })),
    times: 1,
    category: 'automated',
    created_at: T,
    md5: null,
    source: 'MaaAssistantArknights',
    version: 'v5.9.0',
    ...r,
  }
}

/** The worker's repository in memory: a queue of unverified reports, earlier md5s, and what each pass wrote. */
const fakeAggregationRepository = (queue: Unverified[], opts: { earlierMd5s?: string[]; lockHeldElsewhere?: boolean; rules?: ActiveRule[] } = {}) => {
  const written = { rules: new Map<number, number>(), reliability: new Map<number, number>(), aggregated: [] as AggregateInput[], version: 10, passes: 0 }
  const repository: AggregationRepository = {
    lockedPass: async (run) => {
      if (opts.lockHeldElsewhere) return null
      written.passes++
      const pass = {
        unverified: async (limit: number) => queue.filter((r) => !written.reliability.has(r.report_id)).slice(0, limit),
        activeRules: async () => opts.rules ?? [],
        seenMd5s: async (md5s: string[]) => new Set(md5s.filter((m) => opts.earlierMd5s?.includes(m))),
        setReliability: async (verdicts: { id: number; r: number; rule?: number }[]) => {
          for (const v of verdicts) written.reliability.set(v.id, v.r)
          for (const v of verdicts) if (v.rule !== undefined) written.rules.set(v.id, v.rule)
        },
        applyToAggregates: async (reports: readonly AggregateInput[], sign: 1 | -1) => {
          expect(sign).toBe(1)
          written.aggregated.push(...reports)
        },
        bumpVersion: async () => ++written.version,
      } as unknown as AggregationPass
      return run(pass)
    },
    readVersion: async () => written.version,
  }
  return { repository, written }
}

const silent = { debug: () => {}, error: () => {} } as unknown as FastifyBaseLogger

const setup = (queue: Unverified[], opts: Parameters<typeof fakeAggregationRepository>[1] = {}) => {
  const fake = fakeAggregationRepository(queue, opts)
  const version = createDataVersion(10)
  const worker = createAggregationWorker({ repository: fake.repository, catalog, version, clock: () => T + 5000, log: silent, batchSize: 3 })
  return { ...fake, version, worker }
}

describe('aggregation worker (fake repository)', () => {
  it('verifies against the drop table active at the report’s time and counts only valid reports', async () => {
    const ok = report({ quantity: 2 })
    const tooMany = report({ quantity: 4 }) // 0..2 at T
    const laterOk = report({ quantity: 4, created_at: T + 2000 }) // 0..5 from T + 1000
    const { worker, written, version } = setup([ok, tooMany, laterOk])
    expect(await worker.runOnce()).toEqual({ verified: 3, counted: 2 })
    expect(written.reliability).toEqual(
      new Map([
        [ok.report_id, RELIABILITY.ok],
        [tooMany.report_id, RELIABILITY.dropTableMismatch],
        [laterOk.report_id, RELIABILITY.ok],
      ]),
    )
    expect(written.aggregated.map((a) => [a.stageId, a.createdAt, a.pattern])).toEqual([
      ['s1', T, [{ itemId: 'a', quantity: 2 }]],
      ['s1', T + 2000, [{ itemId: 'a', quantity: 4 }]],
    ])
    expect(version.get()).toBe(11)
  })

  it('rejects duplicate screenshots (earlier reports and earlier in the same batch)', async () => {
    const first = report({ md5: 'm2' })
    const again = report({ md5: 'm2' })
    const seenBefore = report({ md5: 'm1' })
    const { worker, written } = setup([first, again, seenBefore], { earlierMd5s: ['m1'] })
    await worker.runOnce()
    expect([...written.reliability.values()]).toEqual([RELIABILITY.ok, RELIABILITY.duplicateScreenshot, RELIABILITY.duplicateScreenshot])
    expect(written.aggregated).toHaveLength(1)
  })

  it('marks gacha stages and simulated reports, skips zero-run reports, and works in batches', async () => {
    const box = report({ stage_id: 'box' })
    const demo = report({ source: DEMO_SOURCE, category: 'automated' })
    const zero = report({ times: 0, quantity: 0 })
    const fourth = report({})
    const { worker, written, version } = setup([box, demo, zero, fourth])
    expect(await worker.runOnce()).toEqual({ verified: 3, counted: 2 })
    expect(written.aggregated.map((a) => [a.isGacha, a.simulated])).toEqual([
      [true, false],
      [false, true],
    ])
    expect(written.reliability.get(zero.report_id)).toBe(RELIABILITY.ok)
    expect(await worker.runOnce()).toEqual({ verified: 1, counted: 1 })
    expect(await worker.runOnce()).toEqual({ verified: 0, counted: 0 })
    expect(version.get()).toBe(12)
  })

  it('gives a report that passes every check the code of the oldest active rule it matches, and leaves it out of the aggregates', async () => {
    const rule = (id: number, reliability: number, over: Partial<ActiveRule>): ActiveRule => ({
      id,
      reliability,
      server: null,
      source: null,
      version: null,
      stageId: null,
      fromAt: null,
      untilAt: null,
      ...over,
    })
    const rules = [rule(7, 300, { version: 'v0-bad', untilAt: T + 1 }), rule(9, 301, { version: 'v0-bad' })]
    const matched = report({ version: 'v0-bad' })
    const broken = report({ version: 'v0-bad', quantity: 4 }) // fails the drop table: keeps 6
    const later = report({ version: 'v0-bad', created_at: T + 2000 }) // outside rule 7's window: rule 9
    const { worker, written } = setup([matched, broken, later], { rules })
    expect(await worker.runOnce()).toEqual({ verified: 3, counted: 0 })
    expect([...written.reliability.values()]).toEqual([300, RELIABILITY.dropTableMismatch, 301])
    expect(written.rules).toEqual(
      new Map([
        [matched.report_id, 7],
        [later.report_id, 9],
      ]),
    )
    const other = setup([report({ version: 'v5.9.0' })], { rules })
    expect(await other.worker.runOnce()).toEqual({ verified: 1, counted: 1 })
  })

  it('does nothing while another process holds the worker lock, and keeps the version when nothing counted', async () => {
    const held = setup([report({})], { lockHeldElsewhere: true })
    expect(await held.worker.runOnce()).toEqual({ verified: 0, counted: 0 })
    expect(held.written.reliability.size).toBe(0)
    const rejectedOnly = setup([report({ quantity: 9 })])
    expect(await rejectedOnly.worker.runOnce()).toEqual({ verified: 1, counted: 0 })
    expect(rejectedOnly.version.get()).toBe(10)
    expect(rejectedOnly.written.version).toBe(10)
  })
})

// The database down under the running worker: passes fail, the pause between them doubles (up to 10 s), the
// outage is logged once, and the reports are counted once it is back.
describe('aggregation worker during a database outage', () => {
  it('backs off, logs once, and resumes by itself', async () => {
    const queue = [report({}), report({})]
    const fake = fakeAggregationRepository(queue)
    let down = true
    let attempts = 0
    const repository: AggregationRepository = {
      ...fake.repository,
      lockedPass: async (run) => {
        attempts++
        if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
        return fake.repository.lockedPass(run)
      },
    }
    const logged: string[] = []
    const log = {
      debug: () => {},
      info: (_o: unknown, m: string) => logged.push(m),
      warn: (_o: unknown, m: string) => logged.push(m),
      error: (_o: unknown, m: string) => logged.push(m),
    }
    const worker = createAggregationWorker({
      repository,
      catalog,
      version: createDataVersion(10),
      clock: () => T + 5000,
      log: log as unknown as FastifyBaseLogger,
      idleMs: 50,
    })
    worker.start()
    await new Promise((r) => setTimeout(r, 1000))
    // Without a back-off: a pass every 50 ms (~20). With it: 0, 100, 300, 700 ms.
    expect(attempts).toBeGreaterThanOrEqual(2)
    expect(attempts).toBeLessThanOrEqual(5)
    expect(logged).toEqual(['aggregation paused: the database is unavailable'])
    down = false
    const deadline = Date.now() + 5000
    while (fake.written.reliability.size < queue.length) {
      if (Date.now() > deadline) throw new Error('the worker did not resume')
      await new Promise((r) => setTimeout(r, 50))
    }
    await worker.stop()
    expect(logged).toContain('aggregation resumed')
  })
})
