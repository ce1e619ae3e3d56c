import type { PlanResponse } from '@dropwise/planner'
import { describe, expect, it } from 'vitest'
import { createPlannerEngine } from './planner-engine'
import type { FromWorker, ToWorker } from './planner-protocol'

/** A worker stand-in that answers like planner.worker.ts, or fails to load when asked to. */
const fakeWorker = (opts: { failLoad?: string } = {}) => {
  const sent: ToWorker[] = []
  const worker = {
    onmessage: null as ((e: MessageEvent<FromWorker>) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    terminated: false,
    postMessage(message: ToWorker) {
      sent.push(message)
      const reply = (data: FromWorker) => queueMicrotask(() => worker.onmessage?.({ data } as MessageEvent<FromWorker>))
      if (message.type === 'load') reply(opts.failLoad ? { type: 'failed', id: null, message: opts.failLoad } : { type: 'ready', version: message.version, ms: 1 })
      else reply({ type: 'result', id: message.id, ms: 2, response: { error: true, code: 'bad-request', reason: `v${message.version}` } as PlanResponse })
    },
    terminate() {
      worker.terminated = true
    },
  }
  return { worker, sent }
}

const data = { items: [], stages: [], matrix: [], formulas: [] }

describe('planner engine', () => {
  it('refuses to plan before data is loaded', async () => {
    const { worker } = fakeWorker()
    const engine = createPlannerEngine(() => worker)
    await expect(engine.plan({})).rejects.toThrow('not loaded')
  })

  it('loads, then answers each request with the latest data version', async () => {
    const { worker, sent } = fakeWorker()
    const engine = createPlannerEngine(() => worker)
    await engine.load('CN', data)
    const first = await engine.plan({ required: { '30012': 1 } })
    expect(first.response).toMatchObject({ reason: 'v1' })
    await engine.load('US', data)
    const second = await engine.plan({})
    expect(second.response).toMatchObject({ reason: 'v2' })
    expect(sent.map((m) => m.type)).toEqual(['load', 'plan', 'load', 'plan'])
    engine.dispose()
    expect(worker.terminated).toBe(true)
  })

  it('reports a solver that cannot start to the load and to waiting requests', async () => {
    const { worker } = fakeWorker({ failLoad: 'no WebAssembly' })
    const engine = createPlannerEngine(() => worker)
    const loading = engine.load('CN', data)
    const waiting = engine.plan({})
    await expect(loading).rejects.toThrow('no WebAssembly')
    await expect(waiting).rejects.toThrow('no WebAssembly')
  })
})
