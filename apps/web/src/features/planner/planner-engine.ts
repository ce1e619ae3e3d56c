import type { PlannerData, PlanRequest, PlanResponse } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import { createPendingCalls } from '../../lib/pending-calls'
import type { FromWorker, ToWorker } from './planner-protocol'

/** A solved plan with the time the worker spent on it. */
export interface EngineResult {
  response: PlanResponse
  ms: number
}

/**
 * The page's handle on the planner worker: loads one server's data, then answers plan requests.
 * Requests wait for the data; a newer `load` makes older pending requests fail.
 */
export interface PlannerEngine {
  load(server: Server, data: PlannerData): Promise<{ ms: number }>
  plan(request: PlanRequest): Promise<EngineResult>
  dispose(): void
}

type WorkerLike = Pick<Worker, 'postMessage' | 'terminate'> & {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null
  onerror: ((e: ErrorEvent) => void) | null
}

export const createPlannerEngine = (spawn: () => WorkerLike): PlannerEngine => {
  let worker: WorkerLike | null = null
  let version = 0
  let ready: Promise<{ ms: number }> | null = null
  let settleReady: { resolve: (v: { ms: number }) => void; reject: (e: Error) => void } | null = null
  const calls = createPendingCalls<EngineResult>()

  const failAll = (error: Error) => {
    settleReady?.reject(error)
    settleReady = null
    calls.rejectAll(error)
  }

  const ensureWorker = (): WorkerLike => {
    if (worker) return worker
    const w = spawn()
    w.onmessage = (event) => {
      const message = event.data
      if (message.type === 'ready') {
        if (message.version === version) settleReady?.resolve({ ms: message.ms })
        settleReady = null
      } else if (message.type === 'result') {
        calls.resolve(message.id, { response: message.response, ms: message.ms })
      } else if (message.id === null) {
        failAll(new Error(message.message))
        ready = null
      } else {
        calls.reject(message.id, new Error(message.message))
      }
    }
    w.onerror = (event) => {
      failAll(new Error(event.message || 'the planner worker could not start'))
      ready = null
      worker?.terminate()
      worker = null
    }
    worker = w
    return w
  }

  return {
    load(server, data) {
      const w = ensureWorker()
      version += 1
      settleReady?.reject(new Error('superseded'))
      ready = new Promise<{ ms: number }>((resolve, reject) => {
        settleReady = { resolve, reject }
      })
      ready.catch(() => undefined)
      w.postMessage({ type: 'load', server, version, data } satisfies ToWorker)
      return ready
    },
    async plan(request) {
      if (!ready) throw new Error('planner data not loaded')
      const loadedVersion = version
      await ready
      const w = ensureWorker()
      return calls.call((id) => w.postMessage({ type: 'plan', id, version: loadedVersion, request } satisfies ToWorker))
    },
    dispose() {
      failAll(new Error('disposed'))
      worker?.terminate()
      worker = null
      ready = null
    },
  }
}

/** The real worker (its chunk and the WebAssembly load only when the planner page asks). */
export const spawnPlannerWorker = (): WorkerLike =>
  new Worker(new URL('./planner.worker.ts', import.meta.url), { type: 'module', name: 'planner' }) as unknown as WorkerLike
