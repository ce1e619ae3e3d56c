/**
 * Worker-thread entry (started by derive-worker.ts): fetches, derives and compares with the stored data off
 * the server's event loop (the derivation, the importer's checks and the comparison take seconds of CPU),
 * then posts the plan, a refusal or an error. The stored forms arrive from the server's thread in parts.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { lowerThreadPriority } from '../../lib/thread-priority'
import type { DeriveJob, DeriveMessage, StoredPart } from './derive-worker'
import { prepareFromSources } from './game-data.prepare'
import type { StoredDropInfo, StoredReference } from './game-data.repository'
import { SourceRefusal } from './game-data.sources'

// Batch work: on a busy host it takes only the CPU the requests leave (bench:data-sync's p99 during an update).
lowerThreadPriority()
const job = workerData as DeriveJob
const post = (m: DeriveMessage) => parentPort?.postMessage(m)

const stored = new Promise<StoredReference>((resolve, reject) => {
  let head: Extract<StoredPart, { type: 'stored-head' }> | null = null
  const dropInfos = new Map<string, StoredDropInfo>()
  parentPort?.on('message', (m: StoredPart) => {
    if (m.type === 'stored-head') head = m
    else if (m.type === 'stored-infos') for (const [k, v] of m.infos) dropInfos.set(k, v)
    else if (m.type === 'stored-failed') reject(new Error(`reading the stored data failed: ${m.message}`))
    else if (head) {
      const { type: _type, ...rest } = head
      resolve({ ...rest, dropInfos })
    } else reject(new Error('the stored data arrived without its head'))
  })
})
stored.catch(() => {})

prepareFromSources(
  { baseUrl: job.baseUrl, localDir: job.localDir, expectedSha: new Map(job.expectedSha), fetch, ...(job.upstream ? { upstream: job.upstream } : {}) },
  job.rows,
  job.at,
  stored,
).then(
  (prepared) => post({ type: 'done', prepared }),
  (err: unknown) => post({ type: err instanceof SourceRefusal ? 'refused' : 'error', message: err instanceof Error ? err.message : String(err) }),
)
