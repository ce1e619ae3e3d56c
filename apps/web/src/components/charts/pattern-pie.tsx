import { useTheme } from '@mui/material/styles'
import Box from '@mui/material/Box'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatNumber, formatPercent } from '../../lib/format'
import { EChart } from './echart'
import type { EChartsOption } from './echarts-core'
import { PIE_NAMED, pieLabel, pieShares, type PatternRow } from './pattern-math'

export interface PatternPieProps {
  rows: PatternRow[]
  /** Full pattern names (tooltips, slice names). */
  names: string[]
  /** Short labels drawn beside the slices (`distinctPatternTexts`); `names` when absent. */
  labels?: string[]
  height?: number
  onHover?: (index: number | null) => void
  /** Row under the pointer in the table: its slice is emphasised. */
  highlight?: number | null
}

/** Pie of the stage's drop patterns: labels for the top 10 slices, short names for the top 5. */
export function PatternPie({ rows, names, labels = names, height = 320, onHover, highlight = null }: PatternPieProps) {
  const { t, i18n } = useTranslation()
  const theme = useTheme()
  const lang = i18n.language
  // Label width follows the box; longer names wrap onto more lines (never cut: two cut names could read alike).
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const observer = new ResizeObserver(() => setWidth(Math.round(el.clientWidth / 10) * 10))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  const labelWidth = Math.max(64, Math.round((width || 320) * 0.26))
  const option = useMemo<EChartsOption>(() => {
    const shares = pieShares(rows)
    return {
      textStyle: { fontFamily: theme.typography.fontFamily },
      tooltip: {
        trigger: 'item',
        formatter: (p) => {
          const idx = Array.isArray(p) ? 0 : (p.dataIndex ?? 0)
          const row = rows[idx]
          if (!row) return ''
          const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
          return `#${row.i} ${esc(names[idx] ?? '')}<br/>${esc(t('charts.pattern.quantity'))}: ${formatNumber(row.quantity, lang)}<br/>${esc(t('charts.pattern.percentage'))}: ${formatPercent(row.share, lang, 2)}`
        },
      },
      series: [
        {
          type: 'pie',
          radius: ['0%', '58%'],
          center: ['50%', '50%'],
          avoidLabelOverlap: true,
          label: {
            position: 'outside',
            color: theme.palette.text.primary,
            fontSize: 11,
            lineHeight: 14,
            width: labelWidth,
            overflow: 'break',
            alignTo: 'edge',
            edgeDistance: 4,
            formatter: (p) => {
              const idx = p.dataIndex ?? 0
              const row = rows[idx]
              return row ? pieLabel(row, formatPercent(shares[idx] ?? 0, lang, 1), labels[idx] ?? '') : ''
            },
          },
          labelLine: { length: 8, length2: 6 },
          labelLayout: { hideOverlap: true },
          itemStyle: { borderColor: theme.palette.background.paper, borderWidth: 1 },
          data: rows.map((r, idx) => ({ name: names[idx] ?? `#${r.i}`, value: r.quantity })),
        },
      ],
    }
  }, [rows, names, labels, t, lang, theme, labelWidth])
  return (
    // The named labels as drawn (wrapped lines are separate SVG texts): what a reader compares slice by slice.
    <Box ref={box} data-labels={JSON.stringify(labels.filter((_, idx) => (rows[idx]?.i ?? Infinity) <= PIE_NAMED))}>
      <EChart option={option} height={height} label={t('charts.pattern.pieLabel', { n: rows.length })} onHover={onHover} highlight={highlight} testId="pattern-pie" />
    </Box>
  )
}
