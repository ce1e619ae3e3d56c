import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Link from '@mui/material/Link'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import type { Item, SiteStats as SiteStatsData, Stage } from '@dropwise/schemas'
import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { useDataset } from '../../lib/data'
import { formatDate, formatNumber, formatRelative } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { ReportsCounter } from './stats-overview'

export const SITE_STATS_PAGE_SIZE = 10

/** Totals of the statistics page (web-reference row 49). */
export const siteTotals = (s: SiteStatsData) => ({
  reports: s.totalStageTimes.reduce((a, r) => a + r.times, 0),
  drops: s.totalItemQuantities.reduce((a, r) => a + r.quantity, 0),
  sanity: s.totalApCost,
})

/** Rows sorted by the count, largest first (the API may list them in any order). */
export const rankRows = <T,>(rows: readonly T[], count: (r: T) => number) => [...rows].sort((a, b) => count(b) - count(a))

function Overview({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="overline" component="h2" color="text.secondary">
          {label}
        </Typography>
        {children}
      </CardContent>
    </Card>
  )
}

interface Column<R> {
  header: string
  numeric?: boolean
  cell: (row: R) => ReactNode
}

/** A ranking: 10 rows a page; a row opens its page (the first cell is a real link for keyboards). */
function RankingTable<R>({ title, rows, columns, hrefOf, testId }: { title: string; rows: readonly R[]; columns: Column<R>[]; hrefOf: (r: R) => string | null; testId: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [page, setPage] = useState(0)
  const slice = rows.slice(page * SITE_STATS_PAGE_SIZE, (page + 1) * SITE_STATS_PAGE_SIZE)
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      </CardContent>
      {rows.length === 0 ? (
        <CardContent>
          <Typography color="text.secondary">{t('browse.siteStats.noRows')}</Typography>
        </CardContent>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 48 }}>{t('browse.siteStats.rank')}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.header} align={c.numeric ? 'right' : 'left'}>
                      {c.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {slice.map((row, i) => {
                  const href = hrefOf(row)
                  return (
                    <TableRow
                      key={page * SITE_STATS_PAGE_SIZE + i}
                      hover={href !== null}
                      onClick={href ? () => void navigate(href) : undefined}
                      sx={href ? { cursor: 'pointer' } : undefined}
                      data-testid={`${testId}-row`}
                    >
                      <TableCell>{page * SITE_STATS_PAGE_SIZE + i + 1}</TableCell>
                      {columns.map((c, ci) => (
                        <TableCell key={c.header} align={c.numeric ? 'right' : 'left'}>
                          {ci === 0 && href ? (
                            <Link component={RouterLink} to={href} underline="hover" color="inherit" onClick={(e) => e.stopPropagation()}>
                              {c.cell(row)}
                            </Link>
                          ) : (
                            c.cell(row)
                          )}
                        </TableCell>
                      ))}
                    </TableRow>
                  )
                })}
              </TableBody>
            </Table>
          </TableContainer>
          {rows.length > SITE_STATS_PAGE_SIZE && (
            <TablePagination
              component="div"
              count={rows.length}
              page={page}
              onPageChange={(_e, p) => setPage(p)}
              rowsPerPage={SITE_STATS_PAGE_SIZE}
              rowsPerPageOptions={[SITE_STATS_PAGE_SIZE]}
              labelDisplayedRows={({ from, to, count }) => t('browse.siteStats.pageRange', { from, to, count })}
              getItemAriaLabel={(type) => t(type === 'next' ? 'browse.siteStats.nextPage' : type === 'previous' ? 'browse.siteStats.previousPage' : type === 'first' ? 'browse.siteStats.firstPage' : 'browse.siteStats.lastPage')}
            />
          )}
        </>
      )}
    </Card>
  )
}

const validCost = (s: Stage | undefined) => s !== undefined && s.apCost !== 99 && s.apCost !== null

export function SiteStats() {
  const { t, i18n } = useTranslation()
  const stats = useDataset('stats')
  const stages = useDataset('stages')
  const items = useDataset('items')
  const zones = useDataset('zones')
  const lang = i18n.language
  const n = (v: number) => formatNumber(v, lang)

  const stageOf = useMemo(() => new Map((stages.data ?? []).map((s) => [s.stageId, s] as const)), [stages.data])
  const itemOf = useMemo(() => new Map((items.data ?? []).map((i) => [i.itemId, i] as const)), [items.data])
  const zoneName = useMemo(() => new Map((zones.data ?? []).map((z) => [z.zoneId, localized(z.zoneName_i18n, z.zoneName, lang)] as const)), [zones.data, lang])

  if (stats.isPending) {
    return (
      <Stack spacing={2} aria-busy="true">
        <Typography variant="h4" component="h1">
          {t('menu.siteStats')}
        </Typography>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={400} />
      </Stack>
    )
  }
  if (stats.isError || !stats.data) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('menu.siteStats')}
        </Typography>
        <Alert
          severity="info"
          data-testid="stats-generating"
          action={
            <Button color="inherit" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
              {t('browse.siteStats.refresh')}
            </Button>
          }
        >
          <Typography component="p" sx={{ fontWeight: 500 }}>
            {t('browse.siteStats.generating')}
          </Typography>
          <Typography variant="body2">{t('browse.siteStats.generatingHint')}</Typography>
        </Alert>
      </Stack>
    )
  }

  const data = stats.data
  const totals = siteTotals(data)
  const stageColumns: Column<{ stageId: string; times: number }>[] = [
    {
      header: t('browse.siteStats.stage'),
      cell: (r) => {
        const s = stageOf.get(r.stageId)
        return (
          <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
            <span>{s ? localized(s.code_i18n, s.code, lang) : r.stageId}</span>
            {s && (
              <Typography variant="caption" color="text.secondary" component="span">
                {zoneName.get(s.zoneId) ?? s.zoneId}
              </Typography>
            )}
          </Box>
        )
      },
    },
    { header: t('browse.siteStats.times'), numeric: true, cell: (r) => n(r.times) },
    {
      header: t('browse.siteStats.apCost'),
      numeric: true,
      cell: (r) => {
        const s = stageOf.get(r.stageId)
        return validCost(s) ? n(s!.apCost) : t('browse.siteStats.invalidCost')
      },
    },
  ]
  const stageHref = (r: { stageId: string }) => {
    const s = stageOf.get(r.stageId)
    return s ? paths.statsByStageSelected.href(s.zoneId, s.stageId) : null
  }
  const itemColumns: Column<{ itemId: string; quantity: number }>[] = [
    {
      header: t('browse.siteStats.item'),
      cell: (r) => {
        const item: Item | undefined = itemOf.get(r.itemId)
        return item ? (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <ItemIcon item={item} size={28} />
            {localized(item.name_i18n, item.name, lang)}
          </Box>
        ) : (
          r.itemId
        )
      },
    },
    { header: t('browse.siteStats.quantity'), numeric: true, cell: (r) => n(r.quantity) },
  ]

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('menu.siteStats')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Overview label={t('browse.siteStats.reports24h')} testId="overview-24h">
            <ReportsCounter />
          </Overview>
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <Overview label={t('browse.siteStats.reportsAll')}>
            <Typography variant="h5" component="p" data-testid="stats-reports-all">
              {n(totals.reports)}
            </Typography>
          </Overview>
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <Overview label={t('browse.siteStats.drops')}>
            <Typography variant="h5" component="p">
              {n(totals.drops)}
            </Typography>
          </Overview>
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <Overview label={t('browse.siteStats.sanity')}>
            <Typography variant="h5" component="p">
              {n(totals.sanity)}
            </Typography>
          </Overview>
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <RankingTable
            title={t('browse.siteStats.topStages24h')}
            rows={rankRows(data.totalStageTimes_24h, (r) => r.times)}
            columns={stageColumns}
            hrefOf={stageHref}
            testId="stages-24h"
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <RankingTable
            title={t('browse.siteStats.topStagesAll')}
            rows={rankRows(data.totalStageTimes, (r) => r.times)}
            columns={stageColumns}
            hrefOf={stageHref}
            testId="stages-all"
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <RankingTable
            title={t('browse.siteStats.topItemsAll')}
            rows={rankRows(data.totalItemQuantities, (r) => r.quantity)}
            columns={itemColumns}
            hrefOf={(r) => (itemOf.has(r.itemId) ? paths.statsByItemSelected.href(r.itemId) : null)}
            testId="items-all"
          />
        </Grid>
      </Grid>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', py: 1, '&:last-child': { pb: 1 } }}>
          <Typography variant="body2" color="text.secondary">
            {t('browse.siteStats.updated', {
              date: formatDate(stats.dataUpdatedAt, { time: true }),
              relative: formatRelative(stats.dataUpdatedAt, lang),
            })}
          </Typography>
          <Button size="small" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
            {t('browse.siteStats.refresh')}
          </Button>
        </CardContent>
      </Card>
    </Stack>
  )
}
