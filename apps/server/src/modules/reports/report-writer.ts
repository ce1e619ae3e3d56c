import { isDatabaseUnavailable } from '../../lib/db-unavailable'
import type { InsertOutcome, NewReport } from './reports.repository'

const STORED: InsertOutcome = { stored: true }

/**
 * Group commit for incoming reports: requests that arrive while a batch is being written join the
 * next batch, so one transaction (one fsync) acknowledges many reports. `write` resolves only once
 * the report is committed: an acknowledged report survives a crash. A failing batch never fails an
 * innocent report (see `commit`). It resolves with what `insertBatch` says of the report: stored, or not
 * because its idempotency key already named a stored answer (`reports.repository.ts`).
 */
export const createReportWriter = (
  insertBatch: (reports: NewReport[]) => Promise<readonly InsertOutcome[] | void>,
  opts: { maxBatch?: number; concurrency?: number } = {},
) => {
  const maxBatch = opts.maxBatch ?? 500
  const concurrency = opts.concurrency ?? 1
  let queue: { report: NewReport; resolve: (outcome: InsertOutcome) => void; reject: (err: unknown) => void }[] = []
  let inFlight = 0
  let scheduled = false
  const idle: (() => void)[] = []

  type Entry = (typeof queue)[number]
  /**
   * Commits a batch; when the batch fails (one report the database refuses, a conflict …), its halves are
   * retried on their own, down to single reports, so only the guilty ones fail: a batch of 500 with one bad
   * report costs about 2·log2(500) ≈ 18 extra transactions instead of failing 499 honest reports.
   */
  const commit = async (batch: Entry[]): Promise<void> => {
    try {
      const outcomes = await insertBatch(batch.map((b) => b.report))
      batch.forEach((b, i) => b.resolve(outcomes?.[i] ?? STORED))
    } catch (err) {
      // The database is gone (not one bad report): every report of the batch fails now, none is retried alone.
      if (batch.length === 1 || isDatabaseUnavailable(err)) {
        batch.forEach((b) => b.reject(err))
        return
      }
      const half = Math.ceil(batch.length / 2)
      await commit(batch.slice(0, half))
      await commit(batch.slice(half))
    }
  }

  const flush = async () => {
    scheduled = false
    while (queue.length > 0 && inFlight < concurrency) {
      const batch = queue.slice(0, maxBatch)
      queue = queue.slice(batch.length)
      inFlight++
      void commit(batch).finally(() => {
        inFlight--
        if (queue.length > 0) void flush()
        else if (inFlight === 0) idle.splice(0).forEach((f) => f())
      })
    }
  }

  return {
    write: (report: NewReport) =>
      new Promise<InsertOutcome>((resolve, reject) => {
        queue.push({ report, resolve, reject })
        if (!scheduled && inFlight < concurrency) {
          scheduled = true
          // Let the requests of this event-loop turn join the batch.
          setImmediate(() => void flush())
        }
      }),
    /** Resolves when nothing is queued or being written. */
    drain: () => (queue.length === 0 && inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => idle.push(r))),
  }
}
export type ReportWriter = ReturnType<typeof createReportWriter>
