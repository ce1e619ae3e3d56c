import { useTheme } from '@mui/material/styles'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatNumber, formatPercent } from '../../lib/format'
import { EChart } from './echart'
import type { EChartsOption } from './echarts-core'
import { bucketLabels, bucketStarts, DEFAULT_TREND_INTERVAL_MS, splitRates, TREND_MIN_RUNS } from './trend-math'

export interface TrendChartProps {
  startTime: number
  intervalMs: number
  times: number[]
  quantity: number[]
  height?: number
}

/**
 * Trend of one (stage, item) pair: runs and drops per bucket as columns (right axis) and the drop
 * rate (left axis, percent): a straight line through the buckets with at least `TREND_MIN_RUNS` runs, broken
 * where nothing was run, and hollow points for the buckets with fewer, never joined (a handful of runs says
 * little). Bucket i covers [startTime + i·interval, startTime + (i+1)·interval).
 */
export function TrendChart({ startTime, intervalMs, times, quantity, height = 360 }: TrendChartProps) {
  const { t, i18n } = useTranslation()
  const theme = useTheme()
  const lang = i18n.language
  const option = useMemo<EChartsOption>(() => {
    const interval = intervalMs > 0 ? intervalMs : DEFAULT_TREND_INTERVAL_MS
    const starts = bucketStarts(startTime, interval, times.length)
    const labels = bucketLabels(starts, interval, Date.now())
    const percent = (r: number | null) => (r === null ? null : +(r * 100).toFixed(2))
    const split = splitRates(quantity, times)
    const names = {
      times: t('charts.trend.times'),
      quantity: t('charts.trend.quantity'),
      rate: t('charts.trend.rate'),
      sparse: t('charts.trend.sparseRate', { min: TREND_MIN_RUNS }),
    }
    const rateTooltip = { valueFormatter: (v: unknown) => (typeof v === 'number' ? formatPercent(v / 100, lang, 2) : '—') }
    const text = theme.palette.text.secondary
    return {
      color: [theme.palette.info.main, theme.palette.success.main, theme.palette.secondary.main, theme.palette.warning.main],
      textStyle: { fontFamily: theme.typography.fontFamily },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v) => (typeof v === 'number' ? formatNumber(v, lang) : '—'),
      },
      legend: { top: 0, textStyle: { color: text } },
      grid: { left: 8, right: 8, top: 40, bottom: starts.length > 30 ? 40 : 8, containLabel: true },
      dataZoom: starts.length > 30 ? [{ type: 'slider', height: 18, bottom: 6 }] : [],
      xAxis: { type: 'category', data: labels, axisLabel: { color: text } },
      yAxis: [
        { type: 'value', min: 0, axisLabel: { color: text, formatter: (v: number) => formatPercent(v / 100, lang, 0) } },
        { type: 'value', min: 0, minInterval: 1, splitLine: { show: false }, axisLabel: { color: text } },
      ],
      series: [
        { name: names.times, type: 'bar', yAxisIndex: 1, data: times },
        { name: names.quantity, type: 'bar', yAxisIndex: 1, data: quantity },
        ...(split.run > split.sparse
          ? [{ name: names.rate, type: 'line' as const, yAxisIndex: 0, connectNulls: false, symbolSize: 4, data: split.line.map(percent), tooltip: rateTooltip }]
          : []),
        ...(split.sparse > 0
          ? [
              {
                name: names.sparse,
                type: 'line' as const,
                yAxisIndex: 0,
                connectNulls: false,
                lineStyle: { opacity: 0 },
                symbol: 'emptyCircle',
                symbolSize: 7,
                showSymbol: true,
                data: split.points.map(percent),
                tooltip: rateTooltip,
              },
            ]
          : []),
      ],
    }
  }, [startTime, intervalMs, times, quantity, t, lang, theme])
  return <EChart option={option} height={height} label={t('charts.trend.chartLabel', { count: times.length, n: times.length })} testId="trend-chart" />
}
