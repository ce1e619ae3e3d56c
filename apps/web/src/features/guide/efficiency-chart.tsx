import { useTheme } from '@mui/material/styles'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EChart } from '../../components/charts/echart'
import type { EChartsOption } from '../../components/charts/echarts-core'
import { formatNumber } from '../../lib/format'
import { EFFICIENCY_DIGITS, formatInterval, type GuideStageRow } from './guide-model'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The most efficient stages as horizontal bars split into their material, LMD and EXP parts, each
 * with its 95 % interval drawn as a thin bar from the lower to the upper end. The interval bars sit
 * on a second, hidden category axis, so they are centred on their stage's bar without the custom
 * series module (ECharts' bar chart is already in the charts chunk).
 */
export function EfficiencyChart({ rows, height }: { rows: GuideStageRow[]; height: number }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const theme = useTheme()
  const option = useMemo((): EChartsOption => {
    const codes = rows.map((r) => r.code)
    const num = (v: number) => formatNumber(v, lang, EFFICIENCY_DIGITS)
    const names = { material: t('guide.chart.material'), lmd: t('guide.chart.lmd'), exp: t('guide.chart.exp'), interval: t('guide.chart.interval') }
    const part = (key: 'material' | 'lmd' | 'exp', color: string) => ({
      type: 'bar' as const,
      name: names[key],
      stack: 'parts',
      barWidth: '60%',
      itemStyle: { color },
      emphasis: { focus: 'series' as const },
      data: rows.map((r) => r.parts[key]),
    })
    const category = { type: 'category' as const, data: codes, inverse: true }
    return {
      animation: false,
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid: { left: 8, right: 24, top: 40, bottom: 28, containLabel: true },
      legend: { top: 0, data: [names.material, names.lmd, names.exp, names.interval], textStyle: { color: theme.palette.text.primary } },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: unknown) => {
          const first = Array.isArray(params) ? (params[0] as { dataIndex?: number } | undefined) : undefined
          const r = first?.dataIndex === undefined ? undefined : rows[first.dataIndex]
          if (!r) return ''
          return [
            `<b>${escapeHtml(r.code)}</b>${r.zoneName ? ` · ${escapeHtml(r.zoneName)}` : ''}`,
            escapeHtml(t('guide.chart.tooltipEfficiency', { value: formatInterval(r.efficiency, r.interval, lang, EFFICIENCY_DIGITS) })),
            escapeHtml(`${names.material} ${num(r.parts.material)} · ${names.lmd} ${num(r.parts.lmd)} · ${names.exp} ${num(r.parts.exp)}`),
          ].join('<br/>')
        },
      },
      xAxis: {
        type: 'value',
        min: 0,
        max: (v: { max: number }) => Math.max(1, Math.ceil(v.max * 20) / 20),
        interval: 0.2,
        // The end of the axis past 1 (room for the intervals) is not a round figure: no label there.
        axisLabel: { formatter: (v: number) => formatNumber(v, lang), showMaxLabel: false },
      },
      yAxis: [
        { ...category, axisLabel: { color: theme.palette.text.primary } },
        { ...category, show: false },
      ],
      series: [
        part('material', theme.palette.primary.main),
        part('lmd', theme.palette.warning.main),
        part('exp', theme.palette.secondary.main),
        // The interval: an invisible bar up to the lower end, then a thin one up to the upper end.
        {
          type: 'bar',
          name: 'interval-base',
          stack: 'interval',
          yAxisIndex: 1,
          barWidth: 3,
          silent: true,
          itemStyle: { color: 'transparent' },
          tooltip: { show: false },
          data: rows.map((r) => r.interval[0]),
        },
        {
          type: 'bar',
          name: names.interval,
          stack: 'interval',
          yAxisIndex: 1,
          barWidth: 3,
          silent: true,
          itemStyle: { color: theme.palette.text.primary },
          data: rows.map((r) => Math.max(r.interval[1] - r.interval[0], 0)),
        },
      ],
    }
  }, [rows, lang, t, theme])
  return <EChart option={option} height={height} label={t('guide.chart.label', { count: rows.length })} testId="guide-chart" />
}
