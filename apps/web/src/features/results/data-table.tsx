import FilterList from '@mui/icons-material/FilterList'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Chip from '@mui/material/Chip'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import InputLabel from '@mui/material/InputLabel'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Pagination from '@mui/material/Pagination'
import Select from '@mui/material/Select'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { TrendsProvider } from '../../components/charts/use-trend'
import { HydrateWhenSeen } from '../../components/hydrate-when-seen'
import { paths } from '../../config/paths'
import { useFirstContentShown } from '../../lib/first-content'
import { useDataSource } from '../../lib/state-hooks'
import { StatsRowCards } from './stats-row-cards'
import { StatsTableView } from './stats-table-view'
import { COLUMNS, useCell, useHeaders } from './table-columns'
import {
  DEFAULT_SORT,
  RATE_SORT,
  PAGE_SIZES,
  activeFilterCount,
  effectiveOnlyCurrent,
  filterRows,
  pageCount,
  pageOf,
  showFooter,
  sortRows,
  type PageSize,
  type SortState,
  type StatsRow,
  type TableMode,
} from './table-logic'
import { updateTableFilter, useTableFilters } from './table-options'
import { useTableFits } from './use-table-fits'

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

/** The statistics table (spec 000 §2): item mode (a row per stage) or stage mode (a row per item). */
export const DataTable = memo(function DataTable({ mode, rows, stageValid = true, recruit = false, loading = false }: DataTableProps) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const navigate = useNavigate()
  const { server, source } = useDataSource()
  const filters = useTableFilters()
  const id = useId()
  const [sort, setSort] = useState<SortState>(recruit ? RATE_SORT : DEFAULT_SORT)
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState<PageSize>(10)
  const [now] = useState(() => Date.now())
  const filtered = useMemo(() => filterRows(rows, mode, filters, { server, now, stageValid }), [rows, mode, filters, server, now, stageValid])
  const sorted = useMemo(() => sortRows(filtered, sort), [filtered, sort])
  const pages = pageCount(sorted.length, pageSize)
  useEffect(() => setPage(1), [rows, filters, pageSize])
  const visible = useMemo(() => pageOf(sorted, Math.min(page, pages), pageSize), [sorted, page, pages, pageSize])
  const columns = COLUMNS[mode === 'item' ? 'item' : recruit ? 'recruit' : 'stage']
  const trends = source === 'global' && !recruit
  const { header, desc } = useHeaders(recruit)
  const cell = useCell({ recruit, trends })
  const shown = useFirstContentShown()
  // The table where it fits whole (measured), else the list: nothing scrolls sideways (issue #17).
  const { containerRef, tableRef, fits } = useTableFits(`${lang} ${mode} ${recruit} ${rows.length}`)

  const rowClick = useCallback(
    (row: StatsRow) => {
      if (mode === 'item' && row.stage) void navigate(paths.statsByStageSelected.href(row.stage.zoneId, row.stageId))
      else if (mode === 'stage' && !recruit) void navigate(paths.statsByItemSelected.href(row.itemId))
    },
    [mode, recruit, navigate],
  )

  const filterPanel =
    mode === 'item' ? (
      <>
        {/* Outside the panel: the closed stages are one switch away. */}
        <FormControlLabel
          control={<Switch checked={filters.onlyOpen} onChange={(e) => updateTableFilter('onlyOpen', e.target.checked)} data-testid="filter-only-open" />}
          label={t('stats.filter.onlyOpen')}
        />
        <Accordion disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-filters`} id={`${id}-filters-header`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', width: '100%' }}>
              <FilterList aria-hidden />
              <Typography>{t('stats.filter.title')}</Typography>
              {activeFilterCount(filters) > 0 && <Chip size="small" color="primary" label={t('stats.filter.count', { n: activeFilterCount(filters) })} />}
              <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto !important' }} data-testid="filter-progress">
                {t('stats.filter.shown', { count: rows.length, shown: filtered.length, total: rows.length })}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails id={`${id}-filters`}>
            <LinearProgress
              variant="determinate"
              value={rows.length ? (filtered.length / rows.length) * 100 : 0}
              aria-label={t('stats.filter.shown', { count: rows.length, shown: filtered.length, total: rows.length })}
              sx={{ mb: 1 }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
              <FormControlLabel
                control={<Switch checked={filters.showPermanent} onChange={(e) => updateTableFilter('showPermanent', e.target.checked)} />}
                label={t('stats.filter.showPermanent')}
              />
              <FormControlLabel
                control={<Switch checked={filters.showActivity} onChange={(e) => updateTableFilter('showActivity', e.target.checked)} />}
                label={t('stats.filter.showActivity')}
              />
            </Stack>
          </AccordionDetails>
        </Accordion>
      </>
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

  const viewProps = {
    columns,
    rows: visible,
    sort,
    onSort: setSort,
    header,
    desc,
    cell,
    onRowClick: rowClick,
    now,
    recruit,
    loading,
    label: mode === 'item' ? t('stats.table.labelItem') : t('stats.table.labelStage'),
    empty: rows.length === 0 ? t('stats.table.empty') : t('stats.table.emptyFiltered'),
  }

  return (
    <Stack spacing={1} data-testid="data-table" data-mode={mode} data-layout={fits ? 'table' : 'list'}>
      {filterPanel}
      {/* The trends (~50 KB) are asked for once the page's rows show (lib/first-content.ts); the list asks itself. */}
      <div ref={containerRef}>
        {fits ? (
          <TrendsProvider enabled={trends && shown}>
            <StatsTableView {...viewProps} tableRef={tableRef} />
          </TrendsProvider>
        ) : (
          <StatsRowCards {...viewProps} trends={trends} />
        )}
      </div>
      {showFooter(rows.length) && (
        // Below the rows: hydrated when it comes on screen (components/hydrate-when-seen.tsx).
        <HydrateWhenSeen>
          <TableFooter count={sorted.length} page={Math.min(page, pages)} pages={pages} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
        </HydrateWhenSeen>
      )}
    </Stack>
  )
})

/** Rows per page and the pages, under the rows. Memoised: its props hold while the table around it draws again. */
const TableFooter = memo(function TableFooter({
  count,
  page,
  pages,
  pageSize,
  onPage,
  onPageSize,
}: {
  /** Rows after the filters. */
  count: number
  page: number
  pages: number
  pageSize: PageSize
  onPage: (page: number) => void
  onPageSize: (size: PageSize) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }} data-testid="table-footer">
      <FormControl size="small" sx={{ minWidth: 120 }}>
        <InputLabel id={`${id}-size`}>{t('stats.table.rowsPerPage')}</InputLabel>
        <Select
          labelId={`${id}-size`}
          label={t('stats.table.rowsPerPage')}
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value) as PageSize)}
          data-testid="page-size"
        >
          {PAGE_SIZES.map((s) => (
            <MenuItem key={s} value={s}>
              {s === -1 ? t('stats.table.all') : s}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Typography variant="body2" color="text.secondary">
        {t('stats.table.range', {
          from: count === 0 ? 0 : pageSize === -1 ? 1 : (page - 1) * pageSize + 1,
          to: pageSize === -1 ? count : Math.min(page * pageSize, count),
          total: count,
        })}
      </Typography>
      <Pagination count={pages} page={page} onChange={(_e, p) => onPage(p)} siblingCount={1} boundaryCount={1} color="primary" aria-label={t('stats.table.pagination')} />
    </Stack>
  )
})
