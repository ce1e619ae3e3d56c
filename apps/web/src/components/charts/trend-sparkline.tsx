import Box from '@mui/material/Box'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPercent } from '../../lib/format'
import { sparklineMarks, sparklinePoints, TREND_MIN_RUNS } from './trend-math'
import { useRowTrend } from './use-trend'

const WIDTH = 56
const HEIGHT = 18

/**
 * Small inline trend of the last 15 non-zero drop rates (plain SVG), inside a table's `TrendsProvider`; nothing
 * below 2 points. Periods with fewer than `TREND_MIN_RUNS` runs are dots, never joined into the line.
 */
export function TrendSparkline({ stageId, itemId }: { stageId: string; itemId: string }) {
  const trend = useRowTrend(stageId, itemId)
  const { t, i18n } = useTranslation()
  const points = useMemo(() => (trend ? sparklinePoints(trend.quantity, trend.times) : null), [trend])
  const marks = useMemo(() => (points ? sparklineMarks(points, WIDTH, HEIGHT, 2) : null), [points])
  if (!points || !marks) return null
  const first = points[0]?.rate ?? 0
  const last = points[points.length - 1]?.rate ?? 0
  const sparse = points.filter((p) => p.runs < TREND_MIN_RUNS).length
  const label =
    t('charts.sparkline.label', {
      count: points.length,
      n: points.length,
      first: formatPercent(first, i18n.language, 1),
      last: formatPercent(last, i18n.language, 1),
    }) + (sparse > 0 ? ` ${t('charts.sparkline.sparse', { count: sparse, min: TREND_MIN_RUNS })}` : '')
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid="trend-sparkline"
      data-sparse={sparse}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      sx={{ width: WIDTH, height: HEIGHT, display: 'block', color: 'primary.main', overflow: 'visible' }}
    >
      <title>{label}</title>
      {marks.lines.map((line) => (
        <polyline key={line} points={line} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
      ))}
      {marks.dots.map(([x, y]) => (
        <circle key={`${x},${y}`} cx={x} cy={y} r={1.6} fill="none" stroke="currentColor" strokeWidth={1} />
      ))}
    </Box>
  )
}
