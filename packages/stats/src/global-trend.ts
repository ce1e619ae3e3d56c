import type { Server } from '@dropwise/schemas'
import { serverDayStart } from './server-day'

/**
 * The 60-day global trend (api-v2.md §8.3, §10.8), built from daily aggregates of category `all`.
 */

/** Days covered by the global trend: `today − 59 … today`. */
export const GLOBAL_TREND_DAYS = 60

/** One daily aggregate of a pair, located by its server-local day index (see `serverDayIndex`). */
export interface DailyPairRow {
  readonly stageId: string
  readonly itemId: string
  readonly dayIndex: number
  readonly times: number
  readonly quantity: number
}

/** The trend of one stage: `startTime` = local midnight of its first day; arrays indexed by day. */
export interface StageTrend {
  readonly startTime: number
  readonly results: Record<string, { quantity: number[]; times: number[] }>
}

/**
 * Builds the global trend for `server` ending with day `today` (a day index the caller takes from its
 * clock with `serverDayIndex`).
 *
 * Rows outside `today − 59 … today` are ignored, as are rows with `times` and `quantity` both 0 (no
 * data). A stage appears when it has at least one row left; its first day is its earliest such day,
 * and **every** item of the stage with data gets arrays from that day through `today` (zeros on days
 * without a row), so all arrays of a stage have the same length and align with `startTime` ("Ours").
 * Several rows of the same pair and day are summed. Result keys are stage ids, then item ids.
 */
export const buildGlobalTrend = (server: Server, today: number, rows: readonly DailyPairRow[], days: number = GLOBAL_TREND_DAYS): Record<string, StageTrend> => {
  const firstAllowed = today - days + 1
  const byStage = new Map<string, DailyPairRow[]>()
  for (const row of rows) {
    if (row.dayIndex < firstAllowed || row.dayIndex > today) continue
    if (row.times === 0 && row.quantity === 0) continue
    const list = byStage.get(row.stageId)
    if (list === undefined) byStage.set(row.stageId, [row])
    else list.push(row)
  }
  const trend: Record<string, StageTrend> = {}
  for (const [stageId, stageRows] of byStage) {
    const firstDay = Math.min(...stageRows.map((r) => r.dayIndex))
    const length = today - firstDay + 1
    const results: Record<string, { quantity: number[]; times: number[] }> = {}
    for (const row of stageRows) {
      const series = (results[row.itemId] ??= {
        quantity: new Array<number>(length).fill(0),
        times: new Array<number>(length).fill(0),
      })
      const i = row.dayIndex - firstDay
      series.quantity[i] = series.quantity[i]! + row.quantity
      series.times[i] = series.times[i]! + row.times
    }
    trend[stageId] = { startTime: serverDayStart(server, firstDay), results }
  }
  return trend
}
