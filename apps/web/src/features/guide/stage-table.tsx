import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined'
import WarningAmber from '@mui/icons-material/WarningAmber'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { Theme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../config/paths'
import { formatNumber } from '../../lib/format'
import {
  DEFAULT_STAGE_SORT,
  EFFICIENCY_DIGITS,
  filterStageRows,
  formatInterval,
  nextStageSort,
  sortStageRows,
  ZONE_GROUPS,
  type GuideStageRow,
  type StageFilter,
  type StageSort,
  type StageSortKey,
  type ZoneGroup,
} from './guide-model'
import { EventMark } from './marks'

/** Rows drawn at first and added per "show more" (every open stage is several hundred). */
const PAGE = 50
const NUMBER_SX = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const
/** On a phone a value and its interval may go on two lines. */
const NUMBER_NARROW_SX = { fontVariantNumeric: 'tabular-nums' } as const

type ColumnId = StageSortKey | 'used' | 'wide'
/** The stage (with its zone under it) and its efficiency first. */
const WIDE_COLUMNS: readonly ColumnId[] = ['code', 'efficiency', 'apCost', 'material', 'lmd', 'exp', 'used', 'wide']
/** On a phone: what fits without scrolling sideways; the other figures are written under the stage. */
const NARROW_COLUMNS: readonly ColumnId[] = ['code', 'efficiency', 'apCost']
const MARK_COLUMNS = new Set<ColumnId>(['used', 'wide'])
const alignOf = (c: ColumnId) => (c === 'code' ? 'left' : MARK_COLUMNS.has(c) ? 'center' : 'right')
/**
 * The stage column stays in view while the table scrolls sideways. Opaque in the card's own colour:
 * a dark theme's card lightens its paper with the overlay its Paper puts in `--Paper-overlay`.
 */
const STICKY_SX = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', backgroundImage: 'var(--Paper-overlay)' } as const

function StageCell({ row, details }: { row: GuideStageRow; details?: string }) {
  return (
    <Box sx={{ minWidth: 96, maxWidth: 200 }}>
      {row.zoneId ? (
        <Link
          component={RouterLink}
          to={paths.statsByStageSelected.href(row.zoneId, row.stageId)}
          underline="hover"
          sx={{ fontWeight: 500 }}
          data-testid="guide-table-link"
        >
          {row.code}
        </Link>
      ) : (
        row.code
      )}
      {row.zoneName && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3 }}>
          {row.zoneName}
        </Typography>
      )}
      {details && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3 }} data-testid="guide-row-details">
          {details}
        </Typography>
      )}
      {row.closeTime !== null && (
        <Box sx={{ mt: 0.5 }}>
          <EventMark closeTime={row.closeTime} />
        </Box>
      )}
    </Box>
  )
}

/** Every open stage, sortable by each figure, filtered by zone type or stage code. */
export function StageTable({ rows }: { rows: GuideStageRow[] | null }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const [sort, setSort] = useState<StageSort>(DEFAULT_STAGE_SORT)
  const [filter, setFilter] = useState<StageFilter>({ group: 'ALL', query: '' })
  const [limit, setLimit] = useState(PAGE)
  const filtered = useMemo(() => (rows ? filterStageRows(rows, filter) : []), [rows, filter])
  const sorted = useMemo(() => sortStageRows(filtered, sort), [filtered, sort])
  const visible = sorted.slice(0, limit)
  const num = (v: number) => formatNumber(v, lang, EFFICIENCY_DIGITS)
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'))
  const COLUMNS = narrow ? NARROW_COLUMNS : WIDE_COLUMNS

  const headers: Record<ColumnId, string> = {
    code: t('guide.table.headers.code'),
    apCost: t('guide.table.headers.apCost'),
    efficiency: t('guide.table.headers.efficiency'),
    material: t('guide.table.headers.material'),
    lmd: t('guide.table.headers.lmd'),
    exp: t('guide.table.headers.exp'),
    used: t('guide.table.headers.used'),
    wide: t('guide.table.headers.wide'),
  }
  const descriptions: Partial<Record<ColumnId, string>> = {
    efficiency: t('guide.table.headerDesc.efficiency'),
    material: t('guide.table.headerDesc.material'),
    lmd: t('guide.table.headerDesc.lmd'),
    exp: t('guide.table.headerDesc.exp'),
    used: t('guide.marks.usedHint'),
    wide: t('guide.marks.wideHint'),
  }
  const groupLabel: Record<ZoneGroup | 'ALL', string> = {
    ALL: t('guide.zoneTypes.ALL'),
    MAINLINE: t('guide.zoneTypes.MAINLINE'),
    ACTIVITY: t('guide.zoneTypes.ACTIVITY'),
    ACTIVITY_PERMANENT: t('guide.zoneTypes.ACTIVITY_PERMANENT'),
    WEEKLY: t('guide.zoneTypes.WEEKLY'),
    OTHER: t('guide.zoneTypes.OTHER'),
  }
  const update = (patch: Partial<StageFilter>) => {
    setFilter((f) => ({ ...f, ...patch }))
    setLimit(PAGE)
  }

  const narrowDetails = (row: GuideStageRow) =>
    [
      `${headers.material} ${num(row.parts.material)}`,
      `${headers.lmd} ${num(row.parts.lmd)}`,
      `${headers.exp} ${num(row.parts.exp)}`,
      ...(row.used ? [t('guide.marks.used')] : []),
      ...(row.wide ? [t('guide.marks.wide')] : []),
    ].join(' · ')
  const cell = (c: ColumnId, row: GuideStageRow) => {
    switch (c) {
      case 'code':
        return <StageCell row={row} details={narrow ? narrowDetails(row) : undefined} />
      case 'apCost':
        return row.apCost
      case 'efficiency':
        return <span data-testid="guide-cell-efficiency">{formatInterval(row.efficiency, row.interval, lang, EFFICIENCY_DIGITS)}</span>
      case 'material':
        return num(row.parts.material)
      case 'lmd':
        return num(row.parts.lmd)
      case 'exp':
        return num(row.parts.exp)
      case 'used':
        return row.used ? <CheckCircleOutline color="success" fontSize="small" role="img" aria-label={t('guide.marks.used')} titleAccess={t('guide.marks.used')} /> : null
      case 'wide':
        return row.wide ? <WarningAmber color="warning" fontSize="small" role="img" aria-label={t('guide.marks.wide')} titleAccess={t('guide.marks.wide')} /> : null
    }
  }

  return (
    <Card component="section" aria-labelledby="guide-table-title" data-testid="guide-table-section">
      <CardContent>
        <Typography id="guide-table-title" variant="h6" component="h2">
          {t('guide.table.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('guide.table.intro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 1, alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            type="search"
            label={t('guide.table.search')}
            value={filter.query}
            onChange={(e) => update({ query: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'guide-table-search' } }}
          />
          <TextField
            select
            size="small"
            label={t('guide.table.zoneType')}
            value={filter.group}
            onChange={(e) => update({ group: e.target.value as ZoneGroup | 'ALL' })}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'guide-table-zone' } as object } }}
          >
            {(['ALL', ...ZONE_GROUPS] as const).map((g) => (
              <MenuItem key={g} value={g}>
                {groupLabel[g]}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }} role="status" data-testid="guide-table-count">
            {rows ? t('guide.table.shown', { count: rows.length, shown: sorted.length, total: rows.length }) : ''}
          </Typography>
        </Stack>
        {/* Only the table scrolls sideways on a narrow screen; the page itself never does. */}
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} aria-labelledby="guide-table-title" role="region">
          <Table size="small" aria-label={t('guide.table.label')} sx={{ minWidth: narrow ? 0 : 720, '& .MuiTableCell-root': { px: 1 } }} data-testid="guide-table">
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => {
                  const sortable = !MARK_COLUMNS.has(c)
                  const active = sortable && sort.key === c
                  const description = descriptions[c]
                  const label = sortable ? (
                    <TableSortLabel
                      active={active}
                      direction={active && !sort.desc ? 'asc' : 'desc'}
                      onClick={() => setSort((s) => nextStageSort(s, c as StageSortKey))}
                      data-testid={`guide-sort-${c}`}
                    >
                      {headers[c]}
                    </TableSortLabel>
                  ) : (
                    <span>{headers[c]}</span>
                  )
                  return (
                    <TableCell
                      key={c}
                      align={alignOf(c)}
                      sortDirection={active ? (sort.desc ? 'desc' : 'asc') : false}
                      sx={{ ...(c === 'code' ? STICKY_SX : {}), whiteSpace: narrow ? 'normal' : 'nowrap' }}
                    >
                      {description ? (
                        <Tooltip title={description} describeChild>
                          {label}
                        </Tooltip>
                      ) : (
                        label
                      )}
                    </TableCell>
                  )
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === null &&
                Array.from({ length: 8 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={COLUMNS.length}>
                      <Skeleton height={24} />
                    </TableCell>
                  </TableRow>
                ))}
              {visible.map((row) => (
                <TableRow key={row.stageId} hover data-testid="guide-table-row" data-stage-id={row.stageId}>
                  {COLUMNS.map((c) => (
                    <TableCell key={c} align={alignOf(c)} sx={c === 'code' ? STICKY_SX : narrow ? NUMBER_NARROW_SX : NUMBER_SX}>
                      {cell(c, row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {rows !== null && visible.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4 }}>
                    {t('guide.table.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {sorted.length > limit && (
          <Button onClick={() => setLimit((l) => l + PAGE)} sx={{ mt: 1 }} data-testid="guide-table-more">
            {t('guide.table.more', { count: Math.min(PAGE, sorted.length - limit), remaining: sorted.length - limit })}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
