/**
 * Worker-thread entry (started by derive-worker.ts): fetches and derives off the server's event loop (the
 * derivation and the importer's checks take seconds of CPU), then posts the result, a refusal or an error.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { DeriveJob, DeriveMessage } from './derive-worker'
import { deriveFromSources } from './game-data.derive'
import { SourceRefusal } from './game-data.sources'

const job = workerData as DeriveJob
const post = (m: DeriveMessage) => parentPort?.postMessage(m)

deriveFromSources({ baseUrl: job.baseUrl, localDir: job.localDir, expectedSha: new Map(job.expectedSha), fetch }, job.rows, job.at).then(
  (derived) => post({ type: 'done', derived }),
  (err: unknown) => post({ type: err instanceof SourceRefusal ? 'refused' : 'error', message: err instanceof Error ? err.message : String(err) }),
)
