import FilterList from '@mui/icons-material/FilterList'
import ExpandMore from '@mui/icons-material/ExpandMore'
import SwipeLeft from '@mui/icons-material/SwipeLeft'
import WarningAmber from '@mui/icons-material/WarningAmber'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Chip from '@mui/material/Chip'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import InputLabel from '@mui/material/InputLabel'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Pagination from '@mui/material/Pagination'
import Select from '@mui/material/Select'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Theme } from '@mui/material/styles'
import { lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { formatNumber } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'
import { useTrend } from '../charts/use-trend'
import { NullCell, TimeRange, orNull, useDuration } from './cells'
import {
  DEFAULT_SORT,
  PAGE_SIZES,
  activeFilterCount,
  effectiveOnlyCurrent,
  filterRows,
  nextSort,
  pageCount,
  pageOf,
  percentText,
  showFooter,
  sortRows,
  type PageSize,
  type SortKey,
  type SortState,
  type StatsRow,
  type TableMode,
} from './table-logic'
import { updateTableFilter, useTableFilters } from './table-options'

// The charts helper's components, loaded on demand (ECharts stays out of the table chunk).
const TrendSparkline = lazy(() => import('../charts/trend-sparkline').then((m) => ({ default: m.TrendSparkline })))
const TrendDialog = lazy(() => import('../charts/trend-dialog').then((m) => ({ default: m.TrendDialog })))

type ColumnId = 'item' | 'stage' | 'quantity' | 'times' | 'percentage' | 'ci' | 'apPPR' | 'apCost' | 'minClearTime' | 'itemPerTime' | 'timeRange'

const COLUMNS: Record<'item' | 'stage' | 'recruit', ColumnId[]> = {
  item: ['stage', 'quantity', 'times', 'percentage', 'ci', 'apPPR', 'apCost', 'minClearTime', 'itemPerTime', 'timeRange'],
  stage: ['item', 'quantity', 'times', 'percentage', 'ci', 'apPPR', 'itemPerTime', 'timeRange'],
  recruit: ['item', 'quantity', 'times', 'percentage'],
}
const WIDTH: Partial<Record<ColumnId, number>> = { item: 250, stage: 230, quantity: 85, times: 85, percentage: 130, ci: 150, apPPR: 110, apCost: 70, minClearTime: 110, itemPerTime: 110, timeRange: 140 }
/** Sanity cost is orange, as in the public client; this shade keeps 4.5:1 on white. */
const APCOST_LIGHT = '#a84300'
const SORTABLE = new Set<ColumnId>(['quantity', 'times', 'percentage', 'apPPR', 'apCost', 'minClearTime', 'itemPerTime'])

export interface DataTableProps {
  mode: TableMode
  /** Every row of the item or stage, before filters. */
  rows: StatsRow[]
  /** Stage mode: whether "only current drops" can apply. */
  stageValid?: boolean
  /** Stage mode for the recruitment stage: tags, observations, recruits. */
  recruit?: boolean
  loading?: boolean
}

function PercentCell({ row, trends }: { row: StatsRow; trends: boolean }) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  // The trend button only exists when there is a trend to show (the sparkline needs 2 points).
  const { trend } = useTrend(row.stageId, row.itemId)
  const name = row.item ? localized(row.item.name_i18n, row.item.name, i18n.language) : row.itemId
  return (
    // Clicks in the trend button or its dialog (a portal, but React bubbles through it) must not open the row.
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
      <span data-testid="cell-percentage">{percentText(row.percentage)}</span>
      {trends && trend && (
        <>
          <ButtonBase
            onClick={() => setOpen(true)}
            aria-label={t('stats.table.showTrend', { item: name })}
            sx={{ borderRadius: 1, minWidth: 24, minHeight: 24, p: 0.25 }}
            data-testid="open-trend"
          >
            <Suspense fallback={null}>
              <TrendSparkline stageId={row.stageId} itemId={row.itemId} />
            </Suspense>
          </ButtonBase>
          {open && (
            <Suspense fallback={null}>
              <TrendDialog open={open} onClose={() => setOpen(false)} stageId={row.stageId} itemId={row.itemId} />
            </Suspense>
          )}
        </>
      )}
    </Stack>
  )
}

function CiCell({ row }: { row: StatsRow }) {
  const { t } = useTranslation()
  if (!row.ci) return <NullCell />
  const text = `${percentText(row.ci.lower)} – ${percentText(row.ci.upper)}`
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      {row.lowSample && (
        <Tooltip title={t('stats.table.lowSample', { times: row.times })}>
          <WarningAmber fontSize="small" color="warning" aria-label={t('stats.table.lowSample', { times: row.times })} role="img" data-testid="low-sample" />
        </Tooltip>
      )}
      <span data-testid="cell-ci">{text}</span>
    </Stack>
  )
}

function StageNameCell({ row }: { row: StatsRow }) {
  const { i18n } = useTranslation()
  const lang = i18n.language
  if (!row.stage) return <>{row.stageId}</>
  const code = localized(row.stage.code_i18n, row.stage.code, lang)
  return (
    <Box>
      {row.zone && (
        <Typography variant="caption" color="text.secondary" component="div" noWrap sx={{ maxWidth: 220 }}>
          {localized(row.zone.zoneName_i18n, row.zone.zoneName, lang)}
        </Typography>
      )}
      <Link component={RouterLink} to={paths.statsByStageSelected.href(row.stage.zoneId, row.stage.stageId)} underline="hover" data-testid="row-link" onClick={(e) => e.stopPropagation()}>
        {code}
      </Link>
    </Box>
  )
}

function ItemNameCell({ row, recruit }: { row: StatsRow; recruit: boolean }) {
  const { i18n } = useTranslation()
  const name = row.item ? localized(row.item.name_i18n, row.item.name, i18n.language) : row.itemId
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {row.item && !recruit && <ItemIcon item={row.item} size={32} />}
      {recruit ? (
        <span>{name}</span>
      ) : (
        <Link component={RouterLink} to={paths.statsByItemSelected.href(row.itemId)} underline="hover" data-testid="row-link" onClick={(e) => e.stopPropagation()}>
          {name}
        </Link>
      )}
    </Stack>
  )
}

/** The statistics table (spec 000 §2): item mode (a row per stage) or stage mode (a row per item). */
export function DataTable({ mode, rows, stageValid = true, recruit = false, loading = false }: DataTableProps) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const navigate = useNavigate()
  const { server, source } = useDataSource()
  const filters = useTableFilters()
  const duration = useDuration()
  const id = useId()
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT)
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState<PageSize>(10)
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'))
  const [now] = useState(() => Date.now())
  const filtered = useMemo(() => filterRows(rows, mode, filters, { server, now, stageValid }), [rows, mode, filters, server, now, stageValid])
  const sorted = useMemo(() => sortRows(filtered, sort), [filtered, sort])
  const pages = pageCount(sorted.length, pageSize)
  useEffect(() => setPage(1), [rows, filters, pageSize])
  const visible = pageOf(sorted, Math.min(page, pages), pageSize)
  const columns = COLUMNS[mode === 'item' ? 'item' : recruit ? 'recruit' : 'stage']
  const trends = source === 'global' && !recruit

  const header = (c: ColumnId): string => {
    if (recruit && c === 'item') return t('stats.headers.recruitTag')
    if (recruit && c === 'quantity') return t('stats.headers.recruitObservations')
    if (recruit && c === 'times') return t('stats.headers.recruitRecruits')
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
    return h[c]
  }
  const desc: Partial<Record<ColumnId, string>> = {
    quantity: t('stats.headerDesc.quantity'),
    times: t('stats.headerDesc.times'),
    percentage: t('stats.headerDesc.percentage'),
    ci: t('stats.headerDesc.ci'),
    apPPR: t('stats.headerDesc.apPPR'),
    apCost: t('stats.headerDesc.apCost'),
    minClearTime: t('stats.headerDesc.clearTime'),
    itemPerTime: t('stats.headerDesc.itemPerTime'),
    timeRange: t('stats.headerDesc.timeRange'),
  }

  const cell = (c: ColumnId, row: StatsRow): ReactNode => {
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
        return orNull(row.apCost, (v) => (
          <Box component="span" sx={{ color: (th) => (th.palette.mode === 'dark' ? th.palette.warning.light : APCOST_LIGHT), fontWeight: 500 }}>
            {v}
          </Box>
        ))
      case 'minClearTime':
        return orNull(row.minClearTime, (v) => duration(v, 1))
      case 'itemPerTime':
        return orNull(row.itemPerTime, (v) => duration(v, 0))
      case 'timeRange':
        return <TimeRange start={row.start} end={row.end} />
    }
  }

  const rowClick = (row: StatsRow) => {
    if (mode === 'item' && row.stage) void navigate(paths.statsByStageSelected.href(row.stage.zoneId, row.stageId))
    else if (mode === 'stage' && !recruit) void navigate(paths.statsByItemSelected.href(row.itemId))
  }

  const filterPanel =
    mode === 'item' ? (
      <Accordion disableGutters variant="outlined">
        <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-filters`} id={`${id}-filters-header`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', width: '100%' }}>
            <FilterList aria-hidden />
            <Typography>{t('stats.filter.title')}</Typography>
            {activeFilterCount(filters) > 0 && <Chip size="small" color="primary" label={t('stats.filter.count', { n: activeFilterCount(filters) })} />}
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto !important' }} data-testid="filter-progress">
              {t('stats.filter.shown', { shown: filtered.length, total: rows.length })}
            </Typography>
          </Stack>
        </AccordionSummary>
        <AccordionDetails id={`${id}-filters`}>
          <LinearProgress variant="determinate" value={rows.length ? (filtered.length / rows.length) * 100 : 0} aria-label={t('stats.filter.shown', { shown: filtered.length, total: rows.length })} sx={{ mb: 1 }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
            <FormControlLabel control={<Switch checked={filters.showPermanent} onChange={(e) => updateTableFilter('showPermanent', e.target.checked)} />} label={t('stats.filter.showPermanent')} />
            <FormControlLabel control={<Switch checked={filters.showActivity} onChange={(e) => updateTableFilter('showActivity', e.target.checked)} />} label={t('stats.filter.showActivity')} />
            <FormControlLabel control={<Switch checked={filters.onlyOpen} onChange={(e) => updateTableFilter('onlyOpen', e.target.checked)} data-testid="filter-only-open" />} label={t('stats.filter.onlyOpen')} />
          </Stack>
        </AccordionDetails>
      </Accordion>
    ) : (
      <FormControlLabel
        control={
          <Switch
            checked={effectiveOnlyCurrent(filters, stageValid)}
            disabled={!stageValid}
            onChange={(e) => updateTableFilter('onlyCurrent', e.target.checked)}
            data-testid="filter-only-current"
          />
        }
        label={stageValid ? t('stats.filter.onlyCurrent') : t('stats.filter.onlyCurrentDisabled')}
      />
    )

  return (
    <Stack spacing={1} data-testid="data-table" data-mode={mode}>
      {filterPanel}
      {small && (
        <Chip icon={<SwipeLeft />} label={t('stats.table.scrollHint')} size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
      )}
      <TableContainer sx={{ overflowX: 'auto' }}>
        {loading && <LinearProgress aria-label={t('stats.table.loading')} />}
        <Table size="small" aria-label={mode === 'item' ? t('stats.table.labelItem') : t('stats.table.labelStage')} sx={{ minWidth: mode === 'item' ? 1100 : recruit ? 500 : 900 }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const sortable = SORTABLE.has(c)
                const active = sortable && sort.key === c
                const label = header(c)
                return (
                  <TableCell
                    key={c}
                    align={c === 'item' || c === 'stage' || c === 'timeRange' ? 'left' : 'right'}
                    sx={{ width: WIDTH[c], whiteSpace: 'nowrap' }}
                    sortDirection={active ? (sort.desc ? 'desc' : 'asc') : false}
                  >
                    <Tooltip title={desc[c] ?? ''} describeChild disableHoverListener={!desc[c]} disableFocusListener={!desc[c]}>
                      {sortable ? (
                        <TableSortLabel active={active} direction={active && !sort.desc ? 'asc' : 'desc'} onClick={() => setSort((s) => nextSort(s, c as SortKey))} data-testid={`sort-${c}`}>
                          {label}
                        </TableSortLabel>
                      ) : (
                        <span>{label}</span>
                      )}
                    </Tooltip>
                  </TableCell>
                )
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <TableRow
                key={row.key}
                hover
                onClick={() => rowClick(row)}
                data-testid="stats-row"
                data-stage-id={row.stageId}
                data-item-id={row.itemId}
                data-outdated={row.end !== null && row.end < now ? 'true' : undefined}
                sx={{ cursor: recruit ? 'default' : 'pointer' }}
              >
                {columns.map((c) => (
                  <TableCell
                    key={c}
                    align={c === 'item' || c === 'stage' || c === 'timeRange' ? 'left' : 'right'}
                    // Ended periods: the time range is greyed (contrast stays above 4.5:1, unlike a faded row).
                    sx={c === 'timeRange' ? { whiteSpace: 'nowrap', color: row.end !== null && row.end < now ? 'text.secondary' : undefined } : undefined}
                  >
                    {cell(c, row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {visible.length === 0 && !loading && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
                  {rows.length === 0 ? t('stats.table.empty') : t('stats.table.emptyFiltered')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {showFooter(rows.length) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }} data-testid="table-footer">
          <FormControl size="small" sx={{ minWidth: 120 }}>
            <InputLabel id={`${id}-size`}>{t('stats.table.rowsPerPage')}</InputLabel>
            <Select labelId={`${id}-size`} label={t('stats.table.rowsPerPage')} value={pageSize} onChange={(e) => setPageSize(Number(e.target.value) as PageSize)} data-testid="page-size">
              {PAGE_SIZES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s === -1 ? t('stats.table.all') : s}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Typography variant="body2" color="text.secondary">
            {t('stats.table.range', {
              from: sorted.length === 0 ? 0 : pageSize === -1 ? 1 : (Math.min(page, pages) - 1) * pageSize + 1,
              to: pageSize === -1 ? sorted.length : Math.min(Math.min(page, pages) * pageSize, sorted.length),
              total: sorted.length,
            })}
          </Typography>
          <Pagination count={pages} page={Math.min(page, pages)} onChange={(_e, p) => setPage(p)} siblingCount={1} boundaryCount={1} color="primary" aria-label={t('stats.table.pagination')} />
        </Stack>
      )}
    </Stack>
  )
}
