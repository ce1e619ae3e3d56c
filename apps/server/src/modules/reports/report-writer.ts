import type { NewReport } from './reports.repository'

/**
 * Group commit for incoming reports: requests that arrive while a batch is being written join the
 * next batch, so one transaction (one fsync) acknowledges many reports. `write` resolves only once
 * the report is committed: an acknowledged report survives a crash.
 */
export const createReportWriter = (insertBatch: (reports: NewReport[]) => Promise<void>, opts: { maxBatch?: number; concurrency?: number } = {}) => {
  const maxBatch = opts.maxBatch ?? 500
  const concurrency = opts.concurrency ?? 1
  let queue: { report: NewReport; resolve: () => void; reject: (err: unknown) => void }[] = []
  let inFlight = 0
  let scheduled = false
  const idle: (() => void)[] = []

  const flush = async () => {
    scheduled = false
    while (queue.length > 0 && inFlight < concurrency) {
      const batch = queue.slice(0, maxBatch)
      queue = queue.slice(batch.length)
      inFlight++
      insertBatch(batch.map((b) => b.report))
        .then(
          () => batch.forEach((b) => b.resolve()),
          (err: unknown) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          inFlight--
          if (queue.length > 0) void flush()
          else if (inFlight === 0) idle.splice(0).forEach((f) => f())
        })
    }
  }

  return {
    write: (report: NewReport) =>
      new Promise<void>((resolve, reject) => {
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
