import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import FormControlLabel from '@mui/material/FormControlLabel'
import LinearProgress from '@mui/material/LinearProgress'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import type { Zone } from '@dropwise/schemas'
import { lazy, Suspense, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useDataset } from '../../lib/data'
import { formatDate } from '../../lib/format'
import { useDataSource } from '../../lib/state-hooks'
import { GuideCredit, GuideExplanation } from './guide-explanation'
import { GuideExportButton } from './guide-export-button'
import { buildStageRows, guideItems, topStages } from './guide-model'
import { useEfficiency } from './get-efficiency'
import { MaterialSection } from './material-section'
import { StageTable } from './stage-table'

// ECharts comes with the chart only (its chunk is shared with the stats pages' charts).
const EfficiencyChart = lazy(() => import('./efficiency-chart').then((m) => ({ default: m.EfficiencyChart })))

const CHART_STAGES = 20
/** About the material section's height, without and with a material picked: reserved while loading. */
const MATERIAL_HEIGHT = { empty: { xs: 244, md: 204 }, picked: { xs: 1930, md: 1045 } } as const
/** The chart's height: reserved before it loads, so the table below does not move. */
export const CHART_HEIGHT = 520

/** The farming guide: what every open stage is worth on the chosen server, per material and in full. */
export function GuidePage() {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const { server } = useDataSource()
  const [lmd, setLmd] = useState(true)
  const [exp, setExp] = useState(true)
  const [search, setSearch] = useSearchParams()
  const efficiency = useEfficiency({ server, lmd, exp })
  const stages = useDataset('stages')
  const zones = useDataset('zones')
  const items = useDataset('items')
  const data = efficiency.data

  const catalog = useMemo(
    () => ({
      stagesById: new Map((stages.data ?? []).map((s) => [s.stageId, s])),
      zonesById: new Map((zones.data ?? []).map((z) => [z.zoneId, z as Zone])),
    }),
    [stages.data, zones.data],
  )
  const rows = useMemo(
    () => (data && stages.data && zones.data ? buildStageRows(data, catalog, server, lang) : null),
    [data, stages.data, zones.data, catalog, server, lang],
  )
  const itemsById = useMemo(() => new Map((items.data ?? []).map((i) => [i.itemId, i])), [items.data])
  const materials = useMemo(() => (data && items.data ? guideItems(data, items.data) : null), [data, items.data])
  const top = useMemo(() => (rows ? topStages(rows, CHART_STAGES) : []), [rows])

  const error = efficiency.error ?? stages.error ?? zones.error ?? items.error
  const retry = () => {
    if (efficiency.error) void efficiency.refetch()
    if (stages.error) void stages.refetch()
    if (zones.error) void zones.refetch()
    if (items.error) void items.refetch()
  }
  const itemId = search.get('item')
  const selectItem = (id: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (id) next.set('item', id)
        else next.delete('item')
        return next
      },
      { replace: true },
    )
  const ready = rows !== null && materials !== null && data !== undefined

  return (
    <Stack spacing={2} data-testid="guide-page">
      <Box>
        <Typography variant="h4" component="h1">
          {t('menu.guide')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('guide.intro', { server: t(`server.servers.${server}`) })}
        </Typography>
      </Box>

      <Card variant="outlined" component="section" aria-label={t('guide.options.title')}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, px: 2, py: 1 }}>
          <FormControlLabel control={<Switch checked={lmd} onChange={(e) => setLmd(e.target.checked)} data-testid="guide-lmd" />} label={t('guide.options.lmd')} />
          <FormControlLabel control={<Switch checked={exp} onChange={(e) => setExp(e.target.checked)} data-testid="guide-exp" />} label={t('guide.options.exp')} />
          <GuideExportButton server={server} lmd={lmd} exp={exp} />
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' }, minHeight: '1.43em' }} data-testid="guide-computed">
            {data ? t('guide.computed', { time: formatDate(data.computedAt, { time: true }), server: t(`server.servers.${data.server}`) }) : ''}
          </Typography>
        </Stack>
        {/* Always there, shown only while a new answer loads: nothing below moves when it appears. */}
        <LinearProgress aria-hidden={!efficiency.isFetching} aria-label={t('guide.loading')} sx={{ visibility: efficiency.isFetching ? 'visible' : 'hidden' }} />
      </Card>

      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={retry}>
              {t('guide.retry')}
            </Button>
          }
          data-testid="guide-error"
        >
          {t('guide.loadFailed', { error: error.message })}
        </Alert>
      )}

      {ready ? (
        <MaterialSection rows={rows} items={materials} itemsById={itemsById} response={data} itemId={itemId} onSelect={selectItem} />
      ) : (
        !error && (
          <Skeleton
            variant="rounded"
            sx={{ height: itemId ? MATERIAL_HEIGHT.picked : MATERIAL_HEIGHT.empty }}
            aria-label={t('guide.loading')}
            role="status"
            data-testid="guide-loading"
          />
        )
      )}

      <Card component="section" aria-labelledby="guide-chart-title">
        <CardContent>
          <Typography id="guide-chart-title" variant="h6" component="h2">
            {t('guide.chart.title', { count: CHART_STAGES })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('guide.chart.caption')}
          </Typography>
          <Box sx={{ height: CHART_HEIGHT }}>
            {rows ? (
              <Suspense fallback={<Skeleton variant="rectangular" height={CHART_HEIGHT} />}>
                <EfficiencyChart rows={top} height={CHART_HEIGHT} />
              </Suspense>
            ) : (
              <Skeleton variant="rectangular" height={CHART_HEIGHT} />
            )}
          </Box>
        </CardContent>
      </Card>

      <StageTable rows={rows} />

      <GuideExplanation valueLmd={data?.valueLmd ?? null} valueExp={data?.valueExp ?? null} />
      <GuideCredit />
    </Stack>
  )
}
