import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Item, SiteStats as SiteStatsData, Stage, Zone } from '@dropwise/schemas'
import { memo, useDeferredValue, useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { useDataset } from '../../lib/data'
import { useHydrated } from '../../lib/hydration'
import { formatDate, formatNumber, formatRelative } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { RankingTable, type Column } from './ranking-table'
import { ReportsCounter } from './stats-overview'
import { SimulatedCaption } from '../../components/charts/simulated-caption'
import { useSimulatedPresent } from '../../lib/use-sample-basis'

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

const validCost = (s: Stage | undefined) => s !== undefined && s.apCost !== 99 && s.apCost !== null

export function SiteStats() {
  // The 24 h figures count simulated demo reports (the all-time ones never do): those views say so.
  const simulated = useSimulatedPresent()
  const stats = useDataset('stats')
  const stages = useDataset('stages')
  const items = useDataset('items')
  const zones = useDataset('zones')
  const { data, isPending, isError, isFetching, dataUpdatedAt, refetch } = stats
  // The four answers arrive one by one, each a synchronous render of the whole page (a long task on a
  // phone): the page renders from a deferred copy instead, in slices that leave the main thread free.
  const view = useDeferredValue({
    simulated,
    stats: { data, isPending, isError, isFetching, dataUpdatedAt, refetch },
    stages: stages.data,
    items: items.data,
    zones: zones.data,
  })
  return <SiteStatsBody {...view} />
}

interface SiteStatsView {
  simulated: boolean
  stats: Pick<ReturnType<typeof useDataset<'stats'>>, 'data' | 'isPending' | 'isError' | 'isFetching' | 'dataUpdatedAt' | 'refetch'>
  stages: Stage[] | undefined
  items: Item[] | undefined
  zones: Zone[] | undefined
}

const SiteStatsBody = memo(function SiteStatsBody({ simulated, stats, stages, items, zones }: SiteStatsView) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const n = (v: number) => formatNumber(v, lang)
  const hydrated = useHydrated()

  const stageOf = useMemo(() => new Map((stages ?? []).map((s) => [s.stageId, s] as const)), [stages])
  const itemOf = useMemo(() => new Map((items ?? []).map((i) => [i.itemId, i] as const)), [items])
  const zoneName = useMemo(() => new Map((zones ?? []).map((z) => [z.zoneId, localized(z.zoneName_i18n, z.zoneName, lang)] as const)), [zones, lang])

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
      {/* The totals flow into as many columns as fit whole: ten-digit numbers are never cut. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 270px), 1fr))' }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Overview label={t('browse.siteStats.reports24h')} testId="overview-24h">
            <ReportsCounter />
            {simulated && <SimulatedCaption />}
          </Overview>
        </Box>
        <Box>
          <Overview label={t('browse.siteStats.reportsAll')}>
            <Typography variant="h5" component="p" data-testid="stats-reports-all">
              {n(totals.reports)}
            </Typography>
          </Overview>
        </Box>
        <Box>
          <Overview label={t('browse.siteStats.drops')}>
            <Typography variant="h5" component="p">
              {n(totals.drops)}
            </Typography>
          </Overview>
        </Box>
        <Box>
          <Overview label={t('browse.siteStats.sanity')}>
            <Typography variant="h5" component="p">
              {n(totals.sanity)}
            </Typography>
          </Overview>
        </Box>
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }} data-testid="stages-24h-view">
          {simulated && <SimulatedCaption />}
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
            {/* The page may come rendered by the server: the time, in the visitor's zone and relative to now, once hydrated. */}
            {hydrated
              ? t('browse.siteStats.updated', {
                  date: formatDate(stats.dataUpdatedAt, { time: true }),
                  relative: formatRelative(stats.dataUpdatedAt, lang),
                })
              : '\u00a0'}
          </Typography>
          <Button size="small" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
            {t('browse.siteStats.refresh')}
          </Button>
        </CardContent>
      </Card>
    </Stack>
  )
})
