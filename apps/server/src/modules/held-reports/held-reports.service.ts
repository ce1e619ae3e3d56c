import type { Item } from '@dropwise/schemas'
import type { AccountsService } from '../accounts/accounts.service'
import type { CatalogService } from '../catalog/catalog.service'
import { releasedReport, type HeldReport } from './held-report'
import type { InsertOutcome } from '../reports/reports.repository'
import type { HeldGroup, HeldReportsRepository } from './held-reports.repository'

export interface HeldReportsServiceDeps {
  repository: HeldReportsRepository
  catalog: CatalogService
  accounts: AccountsService
  clock: () => number
  /** Called after reports were released into the normal path (wakes the aggregation worker). */
  onReleased?: (count: number) => void
  /** Reports moved per transaction. */
  batchSize?: number
}

/** Held reports no data version explains within this long are rejected. */
export const HOLD_LIMIT_MS = 14 * 24 * 60 * 60 * 1000
const LIST_LIMIT = 500

/**
 * Reports the data does not know yet (issue #36 item 3): kept as received, released into the normal
 * path once a data version knows their stage and items, rejected after 14 days otherwise.
 */
export const createHeldReportsService = (deps: HeldReportsServiceDeps) => {
  const { repository, catalog, clock } = deps
  const batchSize = deps.batchSize ?? 500

  // Group commit with one transaction in flight: a flood of held reports holds at most one database
  // connection at a time, so it cannot starve the write path of honest reports.
  const queue: { report: HeldReport; resolve: (outcome: InsertOutcome) => void; reject: (err: unknown) => void }[] = []
  let writing: Promise<void> | null = null
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, 500)
      try {
        const outcomes = await repository.insertBatch(batch.map((b) => b.report))
        batch.forEach((b, i) => b.resolve(outcomes[i] ?? { stored: true }))
      } catch {
        // One report the database refuses fails alone: the others are retried one by one.
        for (const b of batch) await repository.insertBatch([b.report]).then((o) => b.resolve(o[0] ?? { stored: true }), b.reject)
      }
    }
    writing = null
  }
  const hold = (report: HeldReport) =>
    new Promise<InsertOutcome>((resolve, reject) => {
      queue.push({ report, resolve, reject })
      writing ??= new Promise<void>((r) => setImmediate(r)).then(flush)
    })

  let items: { list: Item[]; ids: Set<string> } | null = null
  const knownItems = async () => {
    const list = await catalog.itemList()
    if (items?.list !== list) items = { list, ids: new Set(list.map((i) => i.itemId)) }
    return items.ids
  }
  /** What the current data still does not know of a group: its stage, or some items; null when it knows all. */
  const unexplained = async (group: HeldGroup) => {
    if (!(await catalog.stageRecord(group.stageId))) return `stage ${group.stageId}`
    const known = await knownItems()
    const missing = group.unknownItems.filter((id) => !known.has(id))
    return missing.length === 0 ? null : `item${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`
  }

  const releasePass = async () => {
    let released = 0
    for (const group of await repository.groups()) {
      const stage = await catalog.stageRecord(group.stageId)
      if (!stage || (await unexplained(group)) !== null) continue
      const known = await knownItems()
      for (;;) {
        const moved = await repository.releaseGroup(group, batchSize, (held) => releasedReport(held, stage, known), clock())
        released += moved
        if (moved < batchSize) break
      }
    }
    if (released > 0) deps.onReleased?.(released)
    return released
  }

  // One pass at a time per process; a request arriving during a pass (a new data version) runs another after it.
  let running: Promise<number> | null = null
  let again: Promise<number> | null = null
  const releaseHeld = (): Promise<number> => {
    if (!running) {
      running = releasePass().finally(() => {
        running = null
      })
      return running
    }
    again ??= running
      .catch(() => 0)
      .then(() => {
        again = null
        return releaseHeld()
      })
    return again
  }

  return {
    hold,
    /** Resolves when no held report is waiting to be written. */
    drain: async () => {
      while (writing) await writing
    },
    /**
     * Moves every held report whose stage and items the data now knows into the normal path (one
     * transaction per batch; idempotent; safe when several processes run it at once). Returns how many moved.
     */
    releaseHeld,
    /** Rejects held reports older than 14 days that the data still does not explain, naming what it lacks. Returns how many. */
    rejectStale: async () => {
      let rejected = 0
      const now = clock()
      for (const group of await repository.groups()) {
        const missing = await unexplained(group)
        if (missing === null) continue
        rejected += await repository.rejectGroup(group, now - HOLD_LIMIT_MS, `no data version knew ${missing} within 14 days`, now)
      }
      return rejected
    },
    /** The owner's recall of a report still held. */
    recall: (reportHash: string, accountId: number, notBefore: number, now: number) => repository.recall(reportHash, accountId, notBefore, now),
    /** The held reports of the caller, newest first (at most 500). */
    list: async (penguinId: string | null) => {
      const account = await deps.accounts.require(penguinId)
      return repository.ofAccount(account.account_id, LIST_LIMIT)
    },
  }
}
export type HeldReportsService = ReturnType<typeof createHeldReportsService>
