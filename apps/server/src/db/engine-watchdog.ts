import { Worker } from 'node:worker_threads'

/**
 * A liveness probe for the embedded engine. PGlite runs each statement on the event loop's thread, and a few
 * failures (a PANIC at COMMIT after a failed WAL write, a disk whose writes hang) never give the statement
 * back: the process is frozen, so nothing on that thread can notice. A worker thread watches instead: when
 * one statement has been running for `stallMs`, it writes one line to stderr and ends the process with
 * SIGKILL, for the supervisor (systemd, Docker's restart policy) to start it again; PostgreSQL's crash
 * recovery replays the WAL on the next start, as after a kill -9.
 */
export interface EngineWatchdog {
  /** A statement starts / ended. */
  begin(): void
  end(): void
  stop(): Promise<void>
}

// The worker's code, evaluated as plain JavaScript (no TypeScript loader in a worker).
const WORKER = `
const { workerData } = require('node:worker_threads')
const fs = require('node:fs')
const since = new BigInt64Array(workerData.shared)
setInterval(() => {
  const began = Number(Atomics.load(since, 0))
  if (began === 0 || Date.now() - began < workerData.stallMs) return
  const line = { level: 60, time: Date.now(), pid: process.pid, stalledMs: Date.now() - began, msg: 'the embedded database did not answer a statement: ending the process for a restart' }
  try { fs.writeSync(2, JSON.stringify(line) + '\\n') } catch {}
  process.kill(process.pid, 'SIGKILL')
}, Math.min(250, workerData.stallMs))
`

export const startEngineWatchdog = (stallMs: number): EngineWatchdog => {
  const shared = new SharedArrayBuffer(8)
  const since = new BigInt64Array(shared)
  const worker = new Worker(WORKER, { eval: true, workerData: { shared, stallMs } })
  worker.unref()
  return {
    begin: () => void Atomics.store(since, 0, BigInt(Date.now())),
    end: () => void Atomics.store(since, 0, 0n),
    stop: async () => {
      Atomics.store(since, 0, 0n)
      await worker.terminate()
    },
  }
}
