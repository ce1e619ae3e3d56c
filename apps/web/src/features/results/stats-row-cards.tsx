import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import Box from '@mui/material/Box'
import FormControl from '@mui/material/FormControl'
import IconButton from '@mui/material/IconButton'
import InputLabel from '@mui/material/InputLabel'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { memo, useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { TrendsProvider } from '../../components/charts/use-trend'
import { HydrateWhenSeen } from '../../components/hydrate-when-seen'
import { useFirstContentShown } from '../../lib/first-content'
import { CELL_SX, SORTABLE, type ColumnId } from './table-columns'
import type { RowsViewProps } from './stats-table-view'
import { bestFirst, type SortKey } from './table-logic'

const NAME_COLUMNS = new Set<ColumnId>(['item', 'stage', 'percentage'])

/*
 * The rows are plain elements styled from the list, not MUI components with an `sx` each: a page of
 * ten rows was 1,400 React components (each Typography or Box is three, with its own style
 * computed at every render), which the server-rendered page hydrates in one commit. The looks are
 * MUI's: the theme's typography variants and spacing.
 */
const LIST_SX = {
  listStyle: 'none',
  p: 0,
  m: 0,
  '& > li': { borderBottom: 1, borderColor: 'divider', px: 1, py: 1.25, cursor: 'default' },
  '& .card-head': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 },
  '& .card-name': { minWidth: 0, overflowWrap: 'anywhere' },
  '& .card-rate': { typography: 'body1', fontWeight: 500, whiteSpace: 'nowrap' },
  '& dl': { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(8em, 1fr))', columnGap: 2, rowGap: 0.5, m: 0, mt: 0.75 },
  '& dt': { typography: 'caption', color: 'text.secondary' },
  '& dd': { typography: 'body2', m: 0 },
  '& dd.card-ended': { color: 'text.secondary' },
  '& dd .cell-flex': { justifyContent: 'flex-start' },
  ...CELL_SX,
} as const
/** Rows that open a page on click. */
const LINK_LIST_SX = { ...LIST_SX, '& > li': { ...LIST_SX['& > li'], cursor: 'pointer', '&:hover': { bgcolor: 'action.hover' } } } as const

/**
 * The statistics as a list where a table would not fit (a phone, a narrow window): a row per
 * entry with its name and rate on top and the other columns as labelled details below; sorting
 * moves to a select and a direction button above the list.
 */
export const StatsRowCards = memo(function StatsRowCards({
  columns,
  rows,
  sort,
  onSort,
  header,
  cell,
  onRowClick,
  now,
  recruit,
  loading,
  label,
  empty,
  trends,
}: RowsViewProps & { trends: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  const sortable = columns.filter((c) => SORTABLE.has(c)) as SortKey[]
  const name = columns.find((c) => c === 'item' || c === 'stage')
  const details = useMemo(
    (): ColumnId[] => columns.flatMap((c): ColumnId[] => (NAME_COLUMNS.has(c) ? [] : c === 'times' && !recruit ? ['times', 'ci'] : [c])),
    [columns, recruit],
  )
  return (
    <Box data-testid="stats-cards">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <FormControl size="small" sx={{ minWidth: 160, flexGrow: 1 }}>
          <InputLabel id={`${id}-sort`}>{t('stats.table.sortBy')}</InputLabel>
          <Select
            labelId={`${id}-sort`}
            label={t('stats.table.sortBy')}
            value={sort.key}
            onChange={(e) => onSort(bestFirst(e.target.value as SortKey))}
            data-testid="sort-select"
          >
            {sortable.map((c) => (
              <MenuItem key={c} value={c}>
                {header(c)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <IconButton
          onClick={() => onSort({ key: sort.key, desc: !sort.desc })}
          aria-label={sort.desc ? t('stats.table.sortDescending') : t('stats.table.sortAscending')}
          data-testid="sort-direction"
        >
          {sort.desc ? <ArrowDownward /> : <ArrowUpward />}
        </IconButton>
      </Stack>
      {loading && <LinearProgress aria-label={t('stats.table.loading')} />}
      <HydrateWhenSeen testId="stats-rows">
        <RowList
          rows={rows}
          details={details}
          name={name}
          header={header}
          cell={cell}
          onRowClick={onRowClick}
          now={now}
          recruit={recruit}
          trends={trends}
          empty={rows.length === 0 && !loading ? empty : null}
          label={label}
        />
      </HydrateWhenSeen>
    </Box>
  )
})

/**
 * The rows of the list. On a phone they start below the first screen: a server-rendered page hydrates
 * them once they come on screen or are touched ({@link HydrateWhenSeen}), so their props must hold while
 * the page around them renders again, and the trends (read by every row) are asked for here, once the
 * rows hydrated and the page's first content shows.
 */
const RowList = memo(function RowList({
  rows,
  details,
  name,
  header,
  cell,
  onRowClick,
  now,
  recruit,
  trends,
  empty,
  label,
}: Pick<RowsViewProps, 'rows' | 'header' | 'cell' | 'onRowClick' | 'now' | 'recruit' | 'label'> & {
  details: ColumnId[]
  name: ColumnId | undefined
  trends: boolean
  /** Shown in place of the rows (null: there are rows, or they are loading). */
  empty: string | null
}) {
  const shown = useFirstContentShown()
  return (
    <TrendsProvider enabled={trends && shown}>
      <Box component="ul" aria-label={label} sx={recruit ? LIST_SX : LINK_LIST_SX}>
        {rows.map((row) => {
          const ended = row.end !== null && row.end < now
          return (
            <li
              key={row.key}
              onClick={() => onRowClick(row)}
              data-testid="stats-row"
              data-stage-id={row.stageId}
              data-item-id={row.itemId}
              data-outdated={ended ? 'true' : undefined}
            >
              <div className="card-head">
                <div className="card-name">{name && cell(name, row)}</div>
                <div className="card-rate">{cell('percentage', row)}</div>
              </div>
              <dl>
                {details.map((c) => (
                  <div key={c}>
                    <dt>{header(c)}</dt>
                    <dd className={c === 'timeRange' && ended ? 'card-ended' : undefined}>{cell(c, row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          )
        })}
        {empty !== null && (
          <Typography component="li" sx={{ py: 4, textAlign: 'center' }}>
            {empty}
          </Typography>
        )}
      </Box>
    </TrendsProvider>
  )
})
