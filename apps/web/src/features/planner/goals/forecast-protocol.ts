import type { FinishForecast, ForecastInput } from '@dropwise/planner'

/** Messages between the page and the forecast worker. */
export type ToForecastWorker = { type: 'forecast'; id: number; input: ForecastInput }
export type FromForecastWorker = { type: 'result'; id: number; forecast: FinishForecast; ms: number } | { type: 'failed'; id: number; message: string }
