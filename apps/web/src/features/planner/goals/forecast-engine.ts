import { createWorkerClient, type WorkerPort } from '../../../lib/worker-client'
import type { FinishForecast, ForecastInput } from '@dropwise/planner'
import type { FromForecastWorker, ToForecastWorker } from './forecast-protocol'

export interface ForecastEngine {
  forecast(input: ForecastInput): Promise<{ forecast: FinishForecast; ms: number }>
  dispose(): void
}

type WorkerLike = WorkerPort<ToForecastWorker, FromForecastWorker>

/** The page's handle on the forecast worker (started at the first forecast). */
export const createForecastEngine = (spawn: () => WorkerLike): ForecastEngine => {
  const client = createWorkerClient<ToForecastWorker, FromForecastWorker, { forecast: FinishForecast; ms: number }>({
    spawn,
    crashMessage: 'the forecast worker could not start',
    onMessage: (message, calls) => {
      if (message.type === 'result') calls.resolve(message.id, { forecast: message.forecast, ms: message.ms })
      else calls.reject(message.id, new Error(message.message))
    },
  })
  return {
    forecast: (input) => client.call((id) => ({ type: 'forecast', id, input })),
    dispose: () => client.dispose(),
  }
}

export const spawnForecastWorker = (): WorkerLike =>
  new Worker(new URL('./forecast.worker.ts', import.meta.url), { type: 'module', name: 'forecast' }) as unknown as WorkerLike
