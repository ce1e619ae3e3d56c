/// <reference lib="webworker" />
/**
 * Solves plans off the main thread with the same package the server uses (@dropwise/planner on
 * HiGHS compiled to WebAssembly). The page sends the server's data once (`load`), then requests.
 */
import { createPlanner, type Planner } from '@dropwise/planner'
import loadHighs from 'highs'
import wasmUrl from 'highs/runtime?url'
import type { FromWorker, ToWorker } from './planner-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope
const post = (message: FromWorker) => scope.postMessage(message)

let highs: ReturnType<typeof loadHighs> | null = null
let planner: { version: number; planner: Planner } | null = null

const runtime = () =>
  (highs ??= loadHighs({
    locateFile: (file: string) => (file.endsWith('.wasm') ? new URL(wasmUrl, scope.location.href).href : file),
    // HiGHS prints through these; its output is switched off, anything left is not an error of ours.
    print: () => undefined,
    printErr: () => undefined,
  }))

scope.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data
  if (message.type === 'load') {
    const started = performance.now()
    try {
      const loaded = await runtime()
      planner?.planner.dispose()
      planner = {
        version: message.version,
        planner: createPlanner(loaded, { [message.server]: message.data }, { clock: () => performance.now() }),
      }
      post({ type: 'ready', version: message.version, ms: performance.now() - started })
    } catch (err) {
      highs = null
      post({ type: 'failed', id: null, message: err instanceof Error ? err.message : String(err) })
    }
    return
  }
  if (!planner || planner.version !== message.version) {
    post({ type: 'failed', id: message.id, message: 'planner data not loaded' })
    return
  }
  const started = performance.now()
  try {
    const response = planner.planner.plan(message.request)
    post({ type: 'result', id: message.id, response, ms: performance.now() - started })
  } catch (err) {
    post({ type: 'failed', id: message.id, message: err instanceof Error ? err.message : String(err) })
  }
}
