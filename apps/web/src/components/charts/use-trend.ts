import { createContext, createElement, useContext, useDeferredValue, useMemo, type ReactNode } from 'react'
import { useDataset } from '../../lib/data'
import type { DatasetData } from '../../lib/datasets'
import { useDataSource } from '../../lib/state-hooks'
import { DEFAULT_TREND_INTERVAL_MS } from './trend-math'

export interface PairTrend {
  startTime: number
  intervalMs: number
  times: number[]
  quantity: number[]
}

type Trends = DatasetData<'trends'>

/** One pair's trend out of the trends answer (undefined: no such pair, or no point). */
const pairTrend = (trends: Trends | undefined, stageId: string, itemId: string): PairTrend | undefined => {
  const stage = trends?.[stageId]
  const result = stage?.results[itemId]
  return stage && result && result.times.length > 0
    ? {
        startTime: stage.startTime,
        intervalMs: (stage as { interval?: number }).interval ?? DEFAULT_TREND_INTERVAL_MS,
        times: result.times,
        quantity: result.quantity,
      }
    : undefined
}

/**
 * The global trend of one (stage, item) pair, or undefined (no data, still loading, or the personal
 * source: trends are global data and would not describe a personal table). `enabled: false` asks nothing yet.
 */
export const useTrend = (stageId: string, itemId: string, enabled = true) => {
  const { source } = useDataSource()
  const query = useDataset('trends', { enabled: enabled && source === 'global' })
  const trend = pairTrend(source === 'global' ? query.data : undefined, stageId, itemId)
  return { trend, query }
}

const TrendsContext = createContext<Trends | undefined>(undefined)

/**
 * The trends answer for every row of a table, asked for once. Its rows read it from here
 * ({@link useRowTrend}) rather than each through a query of its own: a query's answer reaches its
 * readers in one blocking render (React renders store updates synchronously), so dozens of cells
 * would re-render in one long task when the answer arrives (and, on a hydrating page, hydrate with
 * it). Here it reaches them through a deferred value: a transition, rendered in slices.
 */
export function TrendsProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { source } = useDataSource()
  const query = useDataset('trends', { enabled: enabled && source === 'global' })
  const trends = useDeferredValue(enabled && source === 'global' ? query.data : undefined)
  return createElement(TrendsContext.Provider, { value: trends }, children)
}

/** A row's trend from the table's {@link TrendsProvider} (undefined outside one, or while it loads). */
export const useRowTrend = (stageId: string, itemId: string): PairTrend | undefined => {
  const trends = useContext(TrendsContext)
  return useMemo(() => pairTrend(trends, stageId, itemId), [trends, stageId, itemId])
}
