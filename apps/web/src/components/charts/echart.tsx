import Box from '@mui/material/Box'
import { useTheme } from '@mui/material/styles'
import { useEffect, useRef } from 'react'
import { echarts, type EChartsOption } from './echarts-core'

export interface EChartProps {
  option: EChartsOption
  height: number
  /** Accessible name of the chart (the figure is role="img"; a table or text carries the numbers). */
  label: string
  onHover?: (dataIndex: number | null) => void
  /** Data index of the first series to emphasise (e.g. the row under the pointer in a table beside it). */
  highlight?: number | null
  testId?: string
}

/** One ECharts instance (SVG renderer) bound to a box: follows the option, the box size and the theme. */
export function EChart({ option, height, label, onHover, highlight = null, testId }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null)
  const chart = useRef<echarts.ECharts | null>(null)
  const theme = useTheme()
  const dark = theme.palette.mode === 'dark'
  const hover = useRef(onHover)
  hover.current = onHover

  useEffect(() => {
    const el = ref.current
    if (!el) return
    const instance = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'svg' })
    chart.current = instance
    instance.on('mouseover', (p) => hover.current?.(typeof p.dataIndex === 'number' ? p.dataIndex : null))
    instance.on('mouseout', () => hover.current?.(null))
    const observer = new ResizeObserver(() => instance.resize())
    observer.observe(el)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [dark])

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true })
  }, [option, dark])

  useEffect(() => {
    const instance = chart.current
    if (!instance || highlight === null) return
    instance.dispatchAction({ type: 'highlight', seriesIndex: 0, dataIndex: highlight })
    return () => {
      if (!instance.isDisposed()) instance.dispatchAction({ type: 'downplay', seriesIndex: 0, dataIndex: highlight })
    }
  }, [highlight, option, dark])

  return <Box ref={ref} role="img" aria-label={label} data-testid={testId} sx={{ width: '100%', height }} />
}
