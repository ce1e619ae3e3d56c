import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { SeedMatrixRow, Server } from '@dropwise/schemas'
import { yieldToLoop } from '../../db/paged-read'
import type { Prepared, UpstreamSourceDeps } from './game-data.prepare'
import type { StoredDropInfo, StoredReference } from './game-data.repository'
import { SourceRefusal } from './game-data.sources'

export interface DeriveJob {
  baseUrl: string
  localDir: string
  expectedSha: [string, string][]
  rows: Record<Server, SeedMatrixRow[]>
  at: number
  /** `UPSTREAM_API` and its last good contribution (game-data.upstream.ts), when set. */
  upstream?: UpstreamSourceDeps
}
export type DeriveMessage = { type: 'done'; prepared: Prepared } | { type: 'refused'; message: string } | { type: 'error'; message: string }

/**
 * The stored reference, sent to the worker in parts: the small tables first, then the drop infos (tens of
 * thousands) in slices, with a turn of the event loop between slices, so that copying them never holds the
 * server's thread for long; `stored-failed` when it could not be read.
 */
export type StoredPart =
  | ({ type: 'stored-head' } & Omit<StoredReference, 'dropInfos'>)
  | { type: 'stored-infos'; infos: [string, StoredDropInfo][] }
  | { type: 'stored-end' }
  | { type: 'stored-failed'; message: string }

/** Drop infos per message to the worker (a few milliseconds of copying each). */
const INFOS_PER_PART = 4000

const require = createRequire(import.meta.url)

// As in assets/build-worker.ts: a worker does not inherit tsx's loader hooks on Node 20, so it registers them first.
const bootstrap = () => {
  const tsxApi = pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href
  const entry = new URL('./game-data.worker.ts', import.meta.url).href
  return `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`
}

/**
 * Fetches, derives and compares with `stored` in a worker thread (the server's thread only copies the stored
 * forms over, in slices); a refusal rejects with a SourceRefusal.
 */
export const prepareInWorker = (job: DeriveJob, stored: Promise<StoredReference>): Promise<Prepared> =>
  new Promise<Prepared>((resolve, reject) => {
    const worker = new Worker(bootstrap(), { eval: true, workerData: job })
    let settled = false
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      fn()
      void worker.terminate()
    }
    const send = (part: StoredPart) => {
      if (!settled) worker.postMessage(part)
    }
    stored.then(
      async (s) => {
        const { dropInfos, ...head } = s
        send({ type: 'stored-head', ...head })
        let slice: [string, StoredDropInfo][] = []
        for (const entry of dropInfos) {
          slice.push(entry)
          if (slice.length < INFOS_PER_PART) continue
          send({ type: 'stored-infos', infos: slice })
          slice = []
          await yieldToLoop()
        }
        send({ type: 'stored-infos', infos: slice })
        send({ type: 'stored-end' })
      },
      (err: unknown) => send({ type: 'stored-failed', message: err instanceof Error ? err.message : String(err) }),
    )
    worker.on('message', (m: DeriveMessage) => {
      if (m.type === 'done') finish(() => resolve(m.prepared))
      else if (m.type === 'refused') finish(() => reject(new SourceRefusal(m.message)))
      else finish(() => reject(new Error(m.message)))
    })
    worker.on('error', (err) => finish(() => reject(err)))
    worker.on('exit', (code) => finish(() => reject(new Error(`derive worker exited with code ${code} before finishing`))))
  })
