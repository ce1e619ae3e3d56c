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
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SORTABLE, type ColumnId } from './table-columns'
import type { RowsViewProps } from './stats-table-view'
import type { SortKey } from './table-logic'

const NAME_COLUMNS = new Set<ColumnId>(['item', 'stage', 'percentage'])

/**
 * The statistics as a list where a table would not fit (a phone, a narrow window): a row per
 * entry with its name and rate on top and the other columns as labelled details below; sorting
 * moves to a select and a direction button above the list.
 */
export function StatsRowCards({ columns, rows, sort, onSort, header, cell, onRowClick, now, recruit, loading, label, empty }: RowsViewProps) {
  const { t } = useTranslation()
  const id = useId()
  const details: ColumnId[] = columns.flatMap((c) => (NAME_COLUMNS.has(c) ? [] : c === 'times' && !recruit ? ['times', 'ci'] : [c])) as ColumnId[]
  const sortable = columns.filter((c) => SORTABLE.has(c)) as SortKey[]
  const name = columns.find((c) => c === 'item' || c === 'stage')
  return (
    <Box data-testid="stats-cards">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <FormControl size="small" sx={{ minWidth: 160, flexGrow: 1 }}>
          <InputLabel id={`${id}-sort`}>{t('stats.table.sortBy')}</InputLabel>
          <Select
            labelId={`${id}-sort`}
            label={t('stats.table.sortBy')}
            value={sort.key}
            onChange={(e) => onSort({ key: e.target.value as SortKey, desc: sort.desc })}
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
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => {
          const ended = row.end !== null && row.end < now
          return (
            <Box
              component="li"
              key={row.key}
              onClick={() => onRowClick(row)}
              data-testid="stats-row"
              data-stage-id={row.stageId}
              data-item-id={row.itemId}
              data-outdated={ended ? 'true' : undefined}
              sx={{
                borderBottom: 1,
                borderColor: 'divider',
                px: 1,
                py: 1.25,
                cursor: recruit ? 'default' : 'pointer',
                '&:hover': recruit ? undefined : { bgcolor: 'action.hover' },
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{name && cell(name, row)}</Box>
                <Typography component="div" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                  {cell('percentage', row)}
                </Typography>
              </Stack>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(8em, 1fr))', columnGap: 2, rowGap: 0.5, m: 0, mt: 0.75 }}>
                {details.map((c) => (
                  <div key={c}>
                    <Typography component="dt" variant="caption" color="text.secondary">
                      {header(c)}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, color: c === 'timeRange' && ended ? 'text.secondary' : undefined, '& .MuiStack-root': { justifyContent: 'flex-start' } }}
                    >
                      {cell(c, row)}
                    </Typography>
                  </div>
                ))}
              </Box>
            </Box>
          )
        })}
        {rows.length === 0 && !loading && (
          <Typography component="li" sx={{ py: 4, textAlign: 'center' }}>
            {empty}
          </Typography>
        )}
      </Box>
    </Box>
  )
}
