import Box from '@mui/material/Box'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPercent } from '../../lib/format'
import { sparklinePath, sparklinePoints } from './trend-math'
import { useRowTrend } from './use-trend'

const WIDTH = 56
const HEIGHT = 18

/** Small inline trend of the last 15 non-zero drop rates (plain SVG), inside a table's `TrendsProvider`; nothing below 2 points. */
export function TrendSparkline({ stageId, itemId }: { stageId: string; itemId: string }) {
  const trend = useRowTrend(stageId, itemId)
  const { t, i18n } = useTranslation()
  const points = useMemo(() => (trend ? sparklinePoints(trend.quantity, trend.times) : null), [trend])
  if (!points) return null
  const first = points[0] ?? 0
  const last = points[points.length - 1] ?? 0
  const label = t('charts.sparkline.label', {
    n: points.length,
    first: formatPercent(first, i18n.language, 1),
    last: formatPercent(last, i18n.language, 1),
  })
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid="trend-sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      sx={{ width: WIDTH, height: HEIGHT, display: 'block', color: 'primary.main', overflow: 'visible' }}
    >
      <title>{label}</title>
      <polyline points={sparklinePath(points, WIDTH, HEIGHT, 2)} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
    </Box>
  )
}
