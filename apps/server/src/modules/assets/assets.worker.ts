/**
 * Worker-thread entry (started by build-worker.ts): runs the CPU-heavy build off the server's event
 * loop and reports each finished step, then the result or the error, as messages.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { lowerThreadPriority } from '../../lib/thread-priority'
import { buildAssets, type BuildInput } from './assets.build'
import type { WorkerMessage } from './build-worker'

const post = (message: WorkerMessage) => parentPort?.postMessage(message)

lowerThreadPriority()

buildAssets(workerData as BuildInput, (step) => post({ type: 'step', step })).then(
  (output) => post({ type: 'done', output }),
  (err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
)
