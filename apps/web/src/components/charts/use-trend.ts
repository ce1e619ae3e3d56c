import { useDataset } from '../../lib/data'
import { useDataSource } from '../../lib/state-hooks'
import { DEFAULT_TREND_INTERVAL_MS } from './trend-math'

export interface PairTrend {
  startTime: number
  intervalMs: number
  times: number[]
  quantity: number[]
}

/**
 * The global trend of one (stage, item) pair, or undefined (no data, still loading, or the personal
 * source: trends are global data and would not describe a personal table). `enabled: false` asks nothing yet.
 */
export const useTrend = (stageId: string, itemId: string, enabled = true) => {
  const { source } = useDataSource()
  const query = useDataset('trends', { enabled: enabled && source === 'global' })
  const stage = source === 'global' ? query.data?.[stageId] : undefined
  const result = stage?.results[itemId]
  const trend: PairTrend | undefined =
    stage && result && result.times.length > 0
      ? {
          startTime: stage.startTime,
          intervalMs: (stage as { interval?: number }).interval ?? DEFAULT_TREND_INTERVAL_MS,
          times: result.times,
          quantity: result.quantity,
        }
      : undefined
  return { trend, query }
}
