/// <reference lib="webworker" />
/**
 * Runs the finish forecast (thousands of simulated players, @dropwise/planner) off the main thread, so the page
 * stays responsive while it runs.
 */
import { forecastFinish } from '@dropwise/planner'
import type { FromForecastWorker, ToForecastWorker } from './forecast-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope
const post = (message: FromForecastWorker) => scope.postMessage(message)

scope.onmessage = (event: MessageEvent<ToForecastWorker>) => {
  const { id, input } = event.data
  const started = performance.now()
  try {
    post({ type: 'result', id, forecast: forecastFinish(input), ms: performance.now() - started })
  } catch (err) {
    post({ type: 'failed', id, message: err instanceof Error ? err.message : String(err) })
  }
}
