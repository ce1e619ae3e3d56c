import LinearProgress from '@mui/material/LinearProgress'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { memo, type ReactNode, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { CELL_SX, CiCell, SORTABLE, type ColumnId } from './table-columns'
import { nextSort, type SortKey, type SortState, type StatsRow } from './table-logic'

export interface RowsViewProps {
  columns: ColumnId[]
  rows: StatsRow[]
  sort: SortState
  onSort: (s: SortState) => void
  header: (c: ColumnId) => string
  desc: Partial<Record<ColumnId, string>>
  cell: (c: ColumnId, row: StatsRow) => ReactNode
  onRowClick: (row: StatsRow) => void
  /** Rows whose period ended before this instant are marked outdated. */
  now: number
  recruit: boolean
  loading: boolean
  label: string
  /** Shown when there is no row to draw. */
  empty: string
}

const TEXT_COLUMNS = new Set<ColumnId>(['item', 'stage', 'timeRange'])
const align = (c: ColumnId) => (TEXT_COLUMNS.has(c) ? 'left' : 'right')
/** Cells a little tighter than MUI's small table, so every column fits beside the menu at 1366 px. */
const TABLE_SX = { '& .MuiTableCell-root': { px: 0.75 }, '& .MuiTableCell-root:first-of-type': { pl: 2 }, ...CELL_SX } as const

/**
 * The statistics as a table: wide screens (the caller switches to a list where it would not fit). Memoised:
 * the table around it draws again when the page's first content shows, which changes nothing here.
 */
export const StatsTableView = memo(function StatsTableView({
  columns,
  rows,
  sort,
  onSort,
  header,
  desc,
  cell,
  onRowClick,
  now,
  recruit,
  loading,
  label,
  empty,
  tableRef,
}: RowsViewProps & { tableRef: Ref<HTMLTableElement> }) {
  const { t } = useTranslation()
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      {loading && <LinearProgress aria-label={t('stats.table.loading')} />}
      <Table size="small" aria-label={label} ref={tableRef} sx={TABLE_SX}>
        <TableHead>
          <TableRow>
            {columns.map((c) => {
              const sortable = SORTABLE.has(c)
              const active = sortable && sort.key === c
              const text = header(c)
              return (
                <TableCell key={c} align={align(c)} sortDirection={active ? (sort.desc ? 'desc' : 'asc') : false} sx={{ verticalAlign: 'bottom' }}>
                  <Tooltip title={desc[c] ?? ''} describeChild disableHoverListener={!desc[c]} disableFocusListener={!desc[c]}>
                    {sortable ? (
                      <TableSortLabel
                        active={active}
                        direction={active && !sort.desc ? 'asc' : 'desc'}
                        onClick={() => onSort(nextSort(sort, c as SortKey))}
                        data-testid={`sort-${c}`}
                      >
                        {text}
                      </TableSortLabel>
                    ) : (
                      <span>{text}</span>
                    )}
                  </Tooltip>
                  {c === 'percentage' && !recruit && (
                    <Tooltip title={desc.ci ?? ''} describeChild>
                      <Typography variant="caption" component="div" color="text.secondary">
                        {header('ci')}
                      </Typography>
                    </Tooltip>
                  )}
                </TableCell>
              )
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const ended = row.end !== null && row.end < now
            return (
              <TableRow
                key={row.key}
                hover
                onClick={() => onRowClick(row)}
                data-testid="stats-row"
                data-stage-id={row.stageId}
                data-item-id={row.itemId}
                data-outdated={ended ? 'true' : undefined}
                sx={{ cursor: recruit ? 'default' : 'pointer' }}
              >
                {columns.map((c) => (
                  <TableCell
                    key={c}
                    align={align(c)}
                    // Numbers never break; ended periods are greyed (contrast stays above 4.5:1, unlike a faded row).
                    sx={
                      TEXT_COLUMNS.has(c)
                        ? { color: c === 'timeRange' && ended ? 'text.secondary' : undefined, minWidth: c === 'timeRange' ? '6.5em' : undefined }
                        : { whiteSpace: 'nowrap' }
                    }
                  >
                    {cell(c, row)}
                    {c === 'percentage' && !recruit && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        <CiCell row={row} />
                      </Typography>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            )
          })}
          {rows.length === 0 && !loading && (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  )
})
