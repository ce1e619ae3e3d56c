import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { BuildInput, BuildOutput, BuildStep } from './assets.build'

/** Messages of assets.worker.ts. */
export type WorkerMessage = { type: 'step'; step: BuildStep } | { type: 'done'; output: BuildOutput } | { type: 'error'; message: string }

/** Runs a build and reports its steps; rejects on failure or when `signal` aborts it. */
export type BuildRunner = (input: BuildInput, onStep: (step: BuildStep) => void, signal: AbortSignal) => Promise<BuildOutput>

const require = createRequire(import.meta.url)

/**
 * The server's source is TypeScript run through tsx (`npm start`, `tsx`, Vitest), and a worker thread
 * does not inherit the loader hooks of its parent on Node 20: the worker first registers tsx's ESM
 * hooks (the `import` target of `tsx/esm/api`), then imports the TypeScript entry.
 */
const bootstrap = () => {
  const tsxApi = pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href
  const entry = new URL('./assets.worker.ts', import.meta.url).href
  return `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`
}

/**
 * Builds in a worker thread, so decoding ~160 images, resampling templates and encoding WebP and
 * brotli never block the server's event loop. The worker is terminated on abort.
 */
export const runBuildInWorker: BuildRunner = (input, onStep, signal) =>
  new Promise<BuildOutput>((resolve, reject) => {
    if (signal.aborted) return reject(new Error('build aborted'))
    const worker = new Worker(bootstrap(), { eval: true, workerData: input })
    let settled = false
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      signal.removeEventListener('abort', onAbort)
      fn()
    }
    const onAbort = () =>
      finish(() => {
        void worker.terminate()
        reject(new Error('build aborted'))
      })
    signal.addEventListener('abort', onAbort, { once: true })
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'step') onStep(m.step)
      else if (m.type === 'done') finish(() => resolve(m.output))
      else finish(() => reject(new Error(m.message)))
    })
    worker.on('error', (err) => finish(() => reject(err)))
    worker.on('exit', (code) => finish(() => reject(new Error(`build worker exited with code ${code} before finishing`))))
  })
