/**
 * Worker-thread entry (started by build-worker.ts): runs the CPU-heavy build off the server's event
 * loop and reports each finished step, then the result or the error, as messages.
 */
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { buildAssets, type BuildInput } from './assets.build'
import type { WorkerMessage } from './build-worker'

const post = (message: WorkerMessage) => parentPort?.postMessage(message)

// Lowest CPU priority for this thread only: on Linux a thread is its own scheduling entity, so the
// server's main thread keeps its priority and comes first on a busy machine. Elsewhere the call would
// lower the whole process, so it is made on Linux only.
if (process.platform === 'linux') {
  try {
    setPriority(19)
  } catch {
    // not permitted: the build runs at normal priority
  }
}

buildAssets(workerData as BuildInput, (step) => post({ type: 'step', step })).then(
  (output) => post({ type: 'done', output }),
  (err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
)
