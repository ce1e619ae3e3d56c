import type { PlannerData, PlanRequest, PlanResponse } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import { createWorkerClient, type WorkerPort } from '../../lib/worker-client'
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

type WorkerLike = WorkerPort<ToWorker, FromWorker>

export const createPlannerEngine = (spawn: () => WorkerLike): PlannerEngine => {
  let version = 0
  let ready: Promise<{ ms: number }> | null = null
  let settleReady: { resolve: (v: { ms: number }) => void; reject: (e: Error) => void } | null = null
  const client = createWorkerClient<ToWorker, FromWorker, EngineResult>({
    spawn,
    crashMessage: 'the planner worker could not start',
    onFail: (error) => {
      settleReady?.reject(error)
      settleReady = null
      ready = null
    },
    onMessage: (message, calls) => {
      if (message.type === 'ready') {
        if (message.version === version) settleReady?.resolve({ ms: message.ms })
        settleReady = null
      } else if (message.type === 'result') {
        calls.resolve(message.id, { response: message.response, ms: message.ms })
      } else if (message.id === null) {
        calls.fail(new Error(message.message))
      } else {
        calls.reject(message.id, new Error(message.message))
      }
    },
  })

  return {
    load(server, data) {
      client.start()
      version += 1
      settleReady?.reject(new Error('superseded'))
      ready = new Promise<{ ms: number }>((resolve, reject) => {
        settleReady = { resolve, reject }
      })
      ready.catch(() => undefined)
      client.post({ type: 'load', server, version, data })
      return ready
    },
    async plan(request) {
      if (!ready) throw new Error('planner data not loaded')
      const loadedVersion = version
      await ready
      return client.call((id) => ({ type: 'plan', id, version: loadedVersion, request }))
    },
    dispose() {
      client.dispose()
    },
  }
}

/** The real worker (its chunk and the WebAssembly load only when the planner page asks). */
export const spawnPlannerWorker = (): WorkerLike =>
  new Worker(new URL('./planner.worker.ts', import.meta.url), { type: 'module', name: 'planner' }) as unknown as WorkerLike
