export { FORECAST_SAMPLES, forecastFinish, forecastPlanFromResult } from './forecast'
export type { FinishForecast, ForecastFormula, ForecastInput, ForecastRate, ForecastStageRun } from './types'
