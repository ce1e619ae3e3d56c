import { reliabilityOf, RELIABILITY, verifyReport, type DropTableEntry } from '@dropwise/report'
import type { DropType } from '@dropwise/schemas'
import type { FastifyBaseLogger } from 'fastify'
import type { DataVersion } from '../../lib/data-version'
import { isDatabaseUnavailable } from '../../lib/db-unavailable'
import { isActiveAt } from '../catalog/catalog.types'
import type { CatalogService } from '../catalog/catalog.service'
import { DEMO_SOURCE } from '../demo/demo-source'
import { firstMatchingRule } from '../ops/rejection-rule'
import type { AggregateInput, AggregationRepository } from './aggregation.repository'

export interface AggregationWorkerDeps {
  repository: AggregationRepository
  catalog: CatalogService
  version: DataVersion
  clock: () => number
  log: FastifyBaseLogger
  /** Reports verified per transaction. */
  batchSize?: number
  /** Pause between passes when there was nothing to do. */
  idleMs?: number
}

const MAX_BACKOFF_MS = 10_000

/**
 * Verifies stored reports (api-v2.md §7.4: account, duplicate screenshot, drop table) and folds the
 * valid ones into the per-day aggregates, in one transaction per batch, then bumps the data version
 * so caches rebuild. Runs in one process per schema at a time (the repository's `lockedPass` holds a transaction-level advisory lock).
 */
export const createAggregationWorker = (deps: AggregationWorkerDeps) => {
  const { repository, catalog, version, clock, log } = deps
  const batchSize = deps.batchSize ?? 2000
  const idleMs = deps.idleMs ?? 500
  let running = false
  let stopped = true
  let timer: NodeJS.Timeout | null = null
  let current: Promise<unknown> = Promise.resolve()

  const dropTableOf = async (server: AggregateInput['server'], stageId: string, at: number): Promise<DropTableEntry[]> =>
    (await catalog.dropInfos(server, stageId))
      .filter((i) => i.dropType !== 'RECOGNITION_ONLY' && isActiveAt(i, at))
      .map((i) => ({
        itemId: i.itemId,
        dropType: i.dropType as DropType,
        bounds: i.lowerBound === null || i.upperBound === null ? null : { lower: i.lowerBound, upper: i.upperBound },
      }))

  /** One pass: verifies and aggregates up to `batchSize` reports. Returns how many were processed. */
  const runOnce = async (): Promise<{ verified: number; counted: number }> => {
    // Load the reference data before the transaction: on PGlite (one connection) a catalog load from
    // inside it would wait for the connection the transaction holds, forever.
    await catalog.snapshotTime()
    // One worker at a time per database, whichever process gets there first (§10.4): null when another holds the lock.
    const outcome = (await repository.lockedPass(async (pass) => {
      const batch = await pass.unverified(batchSize)
      if (batch.length === 0) return { verified: 0, counted: 0, newVersion: null as number | null }
      const firstId = batch[0]?.report_id ?? 0
      const seen = await pass.seenMd5s([...new Set(batch.flatMap((r) => (r.md5 ? [r.md5] : [])))], firstId)
      // Operators' rejection rules (api-v2 §7.4, 256-1023) apply to reports that pass every other check.
      const rules = await pass.activeRules()
      const verdicts: { id: number; r: number; rule?: number }[] = []
      const counted: AggregateInput[] = []
      for (const [n, r] of batch.entries()) {
        // Keep the event loop answering requests while a large batch is verified.
        if (n % 100 === 99) await new Promise((resolve) => setImmediate(resolve))
        const stage = await catalog.stageRecord(r.stage_id)
        const drops = r.drops.map((d) => ({ dropType: d.dropType as DropType, itemId: d.itemId, quantity: d.quantity }))
        const checked = reliabilityOf({
          accountExists: true, // the foreign key guarantees it
          md5Seen: r.md5 !== null && seen.has(r.md5),
          dropTable: verifyReport({ drops, times: r.times }, await dropTableOf(r.server, r.stage_id, r.created_at)),
        })
        const rule =
          checked === RELIABILITY.ok
            ? firstMatchingRule(rules, { server: r.server, source: r.source, version: r.version, stageId: r.stage_id, createdAt: r.created_at })
            : null
        const reliability = rule ? rule.reliability : checked
        if (r.md5) seen.add(r.md5)
        verdicts.push({ id: r.report_id, r: reliability, ...(rule ? { rule: rule.id } : {}) })
        if (reliability === RELIABILITY.ok && r.times > 0) {
          counted.push({
            server: r.server,
            category: r.category,
            stageId: r.stage_id,
            createdAt: r.created_at,
            times: r.times,
            patternId: r.pattern_id,
            pattern: r.pattern,
            isGacha: stage?.isGacha ?? false,
            simulated: r.source === DEMO_SOURCE,
          })
        }
      }
      await pass.setReliability(verdicts)
      await pass.applyToAggregates(counted, 1)
      const newVersion = counted.length > 0 ? await pass.bumpVersion(clock()) : null
      return { verified: batch.length, counted: counted.length, newVersion }
    })) ?? { verified: 0, counted: 0, newVersion: null }
    if (outcome.newVersion !== null) version.advance(outcome.newVersion)
    return { verified: outcome.verified, counted: outcome.counted }
  }

  // After a failed pass (the database unreachable, restarting) the pause doubles up to MAX_BACKOFF_MS, and an
  // outage is logged once, when it starts; the reports wait in the table and are counted once it is back.
  let failures = 0
  const loop = async () => {
    if (stopped || running) return
    running = true
    let again = false
    try {
      const { verified, counted } = await (current = runOnce())
      if (verified > 0) log.debug({ verified, counted }, 'aggregated reports')
      if (failures > 0) log.info({ failedPasses: failures }, 'aggregation resumed')
      failures = 0
      again = verified >= batchSize
    } catch (err) {
      const unavailable = isDatabaseUnavailable(err)
      if (!unavailable) log.error({ err }, 'aggregation pass failed')
      else if (failures === 0) log.warn({ err }, 'aggregation paused: the database is unavailable')
      failures++
    } finally {
      running = false
    }
    const pause = failures > 0 ? Math.min(idleMs * 2 ** failures, MAX_BACKOFF_MS) : again ? 0 : idleMs
    if (!stopped) timer = setTimeout(() => void loop(), pause)
  }

  return {
    runOnce,
    start() {
      if (!stopped) return
      stopped = false
      void loop()
    },
    /** Runs a pass soon (after a report was stored) instead of waiting for the idle timer. */
    nudge() {
      if (stopped || running) return
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void loop(), 50)
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await current.catch(() => {})
    },
  }
}
export type AggregationWorker = ReturnType<typeof createAggregationWorker>
