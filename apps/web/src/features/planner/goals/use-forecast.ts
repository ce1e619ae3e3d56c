import { useEffect, useRef, useState } from 'react'
import { createForecastEngine, spawnForecastWorker, type ForecastEngine } from './forecast-engine'
import type { FinishForecast, ForecastInput } from '@dropwise/planner'

/** Forecast this long after the last change (options typed, a stock edited). */
export const FORECAST_DEBOUNCE_MS = 400
/** A forecast running longer than this shows its progress bar. */
export const FORECAST_PROGRESS_AFTER_MS = 300

export type ForecastState =
  | { status: 'idle' }
  | { status: 'running'; slow: boolean; last: FinishForecast | null }
  | { status: 'done'; forecast: FinishForecast; ms: number }
  | { status: 'failed'; message: string; last: FinishForecast | null }

/**
 * The finish forecast of `input` (null: nothing to forecast), computed in a worker {@link FORECAST_DEBOUNCE_MS}
 * after `input` last changed (`key` is its identity). While a new one runs the last figures stay, marked busy.
 */
export const useForecast = (key: string | null, input: () => ForecastInput | null, spawn = spawnForecastWorker): ForecastState => {
  const engine = useRef<ForecastEngine | null>(null)
  const [state, setState] = useState<ForecastState>({ status: 'idle' })
  const inputRef = useRef(input)
  inputRef.current = input
  useEffect(
    () => () => {
      engine.current?.dispose()
      engine.current = null
    },
    [],
  )
  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' })
      return
    }
    let cancelled = false
    let slowTimer: ReturnType<typeof setTimeout> | undefined
    const timer = setTimeout(() => {
      const built = inputRef.current()
      if (!built) return setState({ status: 'idle' })
      setState((s) => ({ status: 'running', slow: false, last: s.status === 'done' ? s.forecast : s.status === 'idle' ? null : s.last }))
      slowTimer = setTimeout(() => {
        if (!cancelled) setState((s) => (s.status === 'running' ? { ...s, slow: true } : s))
      }, FORECAST_PROGRESS_AFTER_MS)
      engine.current ??= createForecastEngine(spawn)
      engine.current.forecast(built).then(
        ({ forecast, ms }) => {
          if (!cancelled) setState({ status: 'done', forecast, ms })
        },
        (err: unknown) => {
          if (!cancelled) setState((s) => ({ status: 'failed', message: err instanceof Error ? err.message : String(err), last: s.status === 'running' ? s.last : null }))
        },
      )
    }, FORECAST_DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
      clearTimeout(slowTimer)
    }
  }, [key, spawn])
  return state
}
