import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { SeedMatrixRow, Server } from '@dropwise/schemas'
import type { Derived } from './game-data.derive'
import { SourceRefusal } from './game-data.sources'

export interface DeriveJob {
  baseUrl: string
  localDir: string
  expectedSha: [string, string][]
  rows: Record<Server, SeedMatrixRow[]>
  at: number
}
export type DeriveMessage = { type: 'done'; derived: Derived } | { type: 'refused'; message: string } | { type: 'error'; message: string }

const require = createRequire(import.meta.url)

// As in assets/build-worker.ts: a worker does not inherit tsx's loader hooks on Node 20, so it registers them first.
const bootstrap = () => {
  const tsxApi = pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href
  const entry = new URL('./game-data.worker.ts', import.meta.url).href
  return `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`
}

/** Fetches and derives in a worker thread; a refusal rejects with a SourceRefusal. */
export const deriveInWorker = (job: DeriveJob): Promise<Derived> =>
  new Promise<Derived>((resolve, reject) => {
    const worker = new Worker(bootstrap(), { eval: true, workerData: job })
    let settled = false
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      fn()
      void worker.terminate()
    }
    worker.on('message', (m: DeriveMessage) => {
      if (m.type === 'done') finish(() => resolve(m.derived))
      else if (m.type === 'refused') finish(() => reject(new SourceRefusal(m.message)))
      else finish(() => reject(new Error(m.message)))
    })
    worker.on('error', (err) => finish(() => reject(err)))
    worker.on('exit', (code) => finish(() => reject(new Error(`derive worker exited with code ${code} before finishing`))))
  })
