import WarningAmber from '@mui/icons-material/WarningAmber'
import ButtonBase from '@mui/material/ButtonBase'
import Link from '@mui/material/Link'
import type { Theme } from '@mui/material/styles'
import Tooltip from '@mui/material/Tooltip'
import { lazy, useCallback, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { formatNumber } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { useRowTrend } from '../../components/charts/use-trend'
import { NullCell, TimeRange, orNull, useDuration } from './cells'
import { percentText, type StatsRow } from './table-logic'
import { OptionalPart } from '../../components/lazy-mount'

// The charts helper's components, loaded on demand (ECharts stays out of the table chunk).
const TrendSparkline = lazy(() => import('../../components/charts/trend-sparkline').then((m) => ({ default: m.TrendSparkline })))
const TrendDialog = lazy(() => import('../../components/charts/trend-dialog').then((m) => ({ default: m.TrendDialog })))

/** The statistics table's columns (spec 000 §2); the 95 % interval is drawn under the rate. */
export type ColumnId = 'item' | 'stage' | 'quantity' | 'times' | 'percentage' | 'ci' | 'apPPR' | 'apCost' | 'minClearTime' | 'itemPerTime' | 'timeRange'

export const COLUMNS: Record<'item' | 'stage' | 'recruit', ColumnId[]> = {
  item: ['stage', 'quantity', 'times', 'percentage', 'apPPR', 'apCost', 'minClearTime', 'itemPerTime', 'timeRange'],
  stage: ['item', 'quantity', 'times', 'percentage', 'apPPR', 'itemPerTime', 'timeRange'],
  recruit: ['item', 'quantity', 'times', 'percentage'],
}
export const SORTABLE = new Set<ColumnId>(['quantity', 'times', 'percentage', 'apPPR', 'apCost', 'minClearTime', 'itemPerTime'])
/** Sanity cost is orange, as in the public client; this shade keeps 4.5:1 on white. */
const APCOST_LIGHT = '#a84300'

/** The trend button's place (a 56 × 18 sparkline and its padding), kept in every row while trends load or where a row has none: the rates never move. */
const SPARKLINE_SLOT = { width: 60, minHeight: 24, flexShrink: 0 } as const

/**
 * The cells' own layout, by class, for the view that holds them (the table, the list of a phone) to
 * put in its `sx`: plain elements render and hydrate at a fraction of what a Stack or Box with an
 * `sx` of its own costs in every cell of every row.
 */
export const CELL_SX = {
  '& .cell-flex': { display: 'flex', flexDirection: 'row', alignItems: 'center', justifyContent: 'flex-end' },
  '& .cell-rate': { gap: 1 },
  '& .cell-ci': { gap: 0.5, whiteSpace: 'nowrap' },
  '& .cell-spark': SPARKLINE_SLOT,
  // The trend button and its dialog in a wrapper of their own (clicks there stay out of the row): laid out as if not there.
  '& .cell-trend': { display: 'contents' },
  // Room for about 18 characters of the zone name a line, so a squeezed column never stacks it over three lines.
  '& .cell-stage': { minWidth: '8.5em' },
  '& .cell-zone': { typography: 'caption', color: 'text.secondary' },
  '& .cell-item': { gap: 1, justifyContent: 'flex-start' },
  '& .cell-name': { minWidth: '5em' },
  '& .cell-apcost': { color: (th: Theme) => (th.palette.mode === 'dark' ? th.palette.warning.light : APCOST_LIGHT), fontWeight: 500 },
} as const

export function PercentCell({ row, trends }: { row: StatsRow; trends: boolean }) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  // The trend button only exists when there is a trend to show (the sparkline needs 2 points). The
  // trends (~50 KB) come from the table's TrendsProvider, in a place kept for them.
  const trend = useRowTrend(row.stageId, row.itemId)
  const name = row.item ? localized(row.item.name_i18n, row.item.name, i18n.language) : row.itemId
  return (
    <div className="cell-flex cell-rate">
      <span data-testid="cell-percentage">{percentText(row.percentage)}</span>
      {trends && !trend && <div className="cell-spark" />}
      {trends && trend && (
        // Clicks in the trend button or its dialog (a portal, but React bubbles through it) must not open the
        // row; a click on the rate itself does, as anywhere else in the row.
        <span className="cell-trend" onClick={(e) => e.stopPropagation()}>
          <ButtonBase
            onClick={() => setOpen(true)}
            aria-label={t('stats.table.showTrend', { item: name })}
            sx={{ borderRadius: 1, ...SPARKLINE_SLOT, p: 0.25 }}
            data-testid="open-trend"
          >
            <OptionalPart>
              <TrendSparkline stageId={row.stageId} itemId={row.itemId} />
            </OptionalPart>
          </ButtonBase>
          {open && (
            <OptionalPart>
              <TrendDialog open={open} onClose={() => setOpen(false)} stageId={row.stageId} itemId={row.itemId} />
            </OptionalPart>
          )}
        </span>
      )}
    </div>
  )
}

export function CiCell({ row }: { row: StatsRow }) {
  const { t, i18n } = useTranslation()
  if (!row.ci) return <NullCell />
  const text = `${percentText(row.ci.lower)} – ${percentText(row.ci.upper)}`
  return (
    <div className="cell-flex cell-ci">
      {row.lowSample && (
        <Tooltip title={t('stats.table.lowSample', { count: row.times, n: formatNumber(row.times, i18n.language) })}>
          <WarningAmber
            fontSize="small"
            color="warning"
            aria-label={t('stats.table.lowSample', { count: row.times, n: formatNumber(row.times, i18n.language) })}
            role="img"
            data-testid="low-sample"
          />
        </Tooltip>
      )}
      <span data-testid="cell-ci">{text}</span>
    </div>
  )
}

export function StageNameCell({ row }: { row: StatsRow }) {
  const { i18n } = useTranslation()
  const lang = i18n.language
  if (!row.stage) return <>{row.stageId}</>
  const code = localized(row.stage.code_i18n, row.stage.code, lang)
  return (
    <div className="cell-stage">
      {row.zone && <div className="cell-zone">{localized(row.zone.zoneName_i18n, row.zone.zoneName, lang)}</div>}
      <Link
        component={RouterLink}
        to={paths.statsByStageSelected.href(row.stage.zoneId, row.stage.stageId)}
        underline="hover"
        data-testid="row-link"
        onClick={(e) => e.stopPropagation()}
      >
        {code}
      </Link>
    </div>
  )
}

export function ItemNameCell({ row, recruit }: { row: StatsRow; recruit: boolean }) {
  const { i18n } = useTranslation()
  const name = row.item ? localized(row.item.name_i18n, row.item.name, i18n.language) : row.itemId
  return (
    <div className="cell-flex cell-item">
      {row.item && !recruit && <ItemIcon item={row.item} size={32} />}
      {recruit ? (
        <span className="cell-name">{name}</span>
      ) : (
        <Link
          component={RouterLink}
          to={paths.statsByItemSelected.href(row.itemId)}
          underline="hover"
          data-testid="row-link"
          onClick={(e) => e.stopPropagation()}
          className="cell-name"
        >
          {name}
        </Link>
      )}
    </div>
  )
}

/** Column headers and their descriptions (tooltips), in the recruit stage's words where they differ. */
export function useHeaders(recruit: boolean) {
  const { t } = useTranslation()
  // Made once per language: the list of a phone asks for a header per detail of every row.
  const headers = useMemo((): Record<ColumnId, string> => {
    const h: Record<ColumnId, string> = {
      item: t('stats.headers.item'),
      stage: t('stats.headers.stage'),
      quantity: t('stats.headers.quantity'),
      times: t('stats.headers.times'),
      percentage: t('stats.headers.percentage'),
      ci: t('stats.headers.ci'),
      apPPR: t('stats.headers.apPPR'),
      apCost: t('stats.headers.apCost'),
      minClearTime: t('stats.headers.clearTime'),
      itemPerTime: t('stats.headers.itemPerTime'),
      timeRange: t('stats.headers.timeRange'),
    }
    if (!recruit) return h
    return { ...h, item: t('stats.headers.recruitTag'), quantity: t('stats.headers.recruitObservations'), times: t('stats.headers.recruitRecruits') }
  }, [t, recruit])
  const header = useCallback((c: ColumnId): string => headers[c], [headers])
  const desc = useMemo(
    (): Partial<Record<ColumnId, string>> => ({
      quantity: t('stats.headerDesc.quantity'),
      times: t('stats.headerDesc.times'),
      percentage: t('stats.headerDesc.percentage'),
      ci: t('stats.headerDesc.ci'),
      apPPR: t('stats.headerDesc.apPPR'),
      apCost: t('stats.headerDesc.apCost'),
      minClearTime: t('stats.headerDesc.clearTime'),
      itemPerTime: t('stats.headerDesc.itemPerTime'),
      timeRange: t('stats.headerDesc.timeRange'),
    }),
    [t],
  )
  return { header, desc }
}

/** What one cell of a row shows, for the table and the narrow-screen list alike. */
export function useCell({ recruit, trends }: { recruit: boolean; trends: boolean }) {
  const { i18n } = useTranslation()
  const lang = i18n.language
  const duration = useDuration()
  // The same function while its inputs hold, so the rows' view (memoised) is not drawn again for nothing.
  return useCallback(
    (c: ColumnId, row: StatsRow): ReactNode => {
      switch (c) {
        case 'item':
          return <ItemNameCell row={row} recruit={recruit} />
        case 'stage':
          return <StageNameCell row={row} />
        case 'quantity':
          return <span data-testid="cell-quantity">{formatNumber(row.quantity, lang)}</span>
        case 'times':
          return <span data-testid="cell-times">{formatNumber(row.times, lang)}</span>
        case 'percentage':
          return <PercentCell row={row} trends={trends} />
        case 'ci':
          return <CiCell row={row} />
        case 'apPPR':
          return orNull(row.apPPR, (v) => <span data-testid="cell-apPPR">{v.toFixed(2)}</span>)
        case 'apCost':
          return orNull(row.apCost, (v) => <span className="cell-apcost">{v}</span>)
        case 'minClearTime':
          return orNull(row.minClearTime, (v) => duration(v, 1))
        case 'itemPerTime':
          return orNull(row.itemPerTime, (v) => duration(v, 0))
        case 'timeRange':
          return <TimeRange start={row.start} end={row.end} />
      }
    },
    [recruit, trends, lang, duration],
  )
}
