/*
 * ECharts, imported module by module so the chunk carries only what the charts use. Its aria module
 * is left out: each chart carries its own translated label, and a table or text beside it the numbers.
 */
import { BarChart, LineChart, PieChart, type BarSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts'
import {
  DataZoomSliderComponent,
  GridComponent,
  LegendPlainComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components'
import * as echarts from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'

echarts.use([BarChart, LineChart, PieChart, DataZoomSliderComponent, GridComponent, LegendPlainComponent, TooltipComponent, SVGRenderer])

export { echarts }
export type EChartsOption = echarts.ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | DataZoomComponentOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>
