import OpenInNew from '@mui/icons-material/OpenInNew'
import QueryStats from '@mui/icons-material/QueryStats'
import Share from '@mui/icons-material/Share'
import Star from '@mui/icons-material/Star'
import StarBorder from '@mui/icons-material/StarBorder'
import Upload from '@mui/icons-material/Upload'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { lazy, memo, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import type { Server } from '@dropwise/schemas'
import { paths } from '../../config/paths'
import { localized } from '../../lib/i18n'
import { nameFallback } from '../../lib/name-fallback'
import { NameFallbackNote } from './name-fallback-note'
import { useFirstContentShown } from '../../lib/first-content'
import { useHydrated } from '../../lib/hydration'
import { useDataSource } from '../../lib/state-hooks'
import { BasisNote } from '../data-source/basis-note'
import { useSampleBasis } from '../../lib/use-sample-basis'
import { recordStageHistory, useStageFavourites } from '../../components/stage-selector/preferences'
import { StageNeighbours } from '../../components/stage-selector/stage-neighbours'
import { useStageCatalog } from '../../components/stage-selector/use-stage-catalog'
import { isStageValid } from '../../components/stage-selector/zones'
import { orNull, useDuration } from './cells'
import { DataTable } from './data-table'
import { PageHold } from './page-hold'
import { stagePresence } from './absence'
import { AbsenceNotice } from './absence-notice'
import { BackButton, BadgeSlot, DataStatus, ExportButton, PageTitle, StageEfficiencyBadge, Toolbar } from './page-parts'
import { useStatsRows, type StatsRowsData } from './use-stats-data'
import { OptionalPart } from '../../components/lazy-mount'

export { StatsByItem, StatsByItemSelected } from './item-pages'

// Other features' components, loaded on demand so their code (ECharts) stays out of this chunk.
const PatternSection = lazy(() => import('../../components/charts/pattern-section').then((m) => ({ default: m.PatternSection })))
const ShareDialog = lazy(() => import('../share/share-dialog').then((m) => ({ default: m.ShareDialog })))

const RECRUIT = 'recruit'

function StageDetails({ stageId, zoneId, valid }: { stageId: string; zoneId: string; valid: boolean }) {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const duration = useDuration()
  const { stagesById } = useStageCatalog()
  const stage = stagesById.get(stageId)
  const { isFavourite, toggle } = useStageFavourites()
  // Stored in the browser: a page rendered on the server hydrates unstarred, then shows the star.
  const hydrated = useHydrated()
  const [share, setShare] = useState(false)
  if (!stage) return null
  const recruit = stageId === RECRUIT
  const code = localized(stage.code_i18n, stage.code, i18n.language)
  const fav = hydrated && isFavourite(stageId)
  const mapHost = server === 'CN' ? 'mapcn.ark-nights.com' : 'map.ark-nights.com'
  const links = [
    { label: t('stats.details.wiki'), host: 'prts.wiki', href: `https://prts.wiki/w/${encodeURIComponent(stageId)}` },
    ...(stage.isGacha || recruit ? [] : [{ label: t('stats.details.map'), host: mapHost, href: `https://${mapHost}/map/${encodeURIComponent(stageId)}` }]),
  ]
  return (
    <Card component="section" aria-labelledby="stage-details-title" data-testid="stage-details">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="stage-details-title" component="h2" variant="h6">
            {t('stats.details.title')}
          </Typography>
          <Tooltip title={fav ? t('stats.details.unfavourite') : t('stats.details.favourite')}>
            <IconButton onClick={() => toggle(stageId)} aria-pressed={fav} aria-label={t('stats.details.favourite')} data-testid="favourite-toggle">
              {fav ? <Star color="warning" /> : <StarBorder />}
            </IconButton>
          </Tooltip>
        </Stack>
        {!recruit && (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
            <Typography component="dt" color="text.secondary">
              {t('stats.details.apCost')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="detail-apcost">
              {orNull(stage.apCost === 99 ? null : stage.apCost, (v) => v)}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {t('stats.details.minClearTime')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {orNull(stage.minClearTime, (v) => duration(v, 1))}
            </Typography>
          </Box>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {links.map((l) => (
            <Button
              key={l.href}
              component="a"
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              size="small"
              endIcon={<OpenInNew aria-hidden />}
              sx={{ textTransform: 'none', flexDirection: 'column', alignItems: 'flex-start' }}
            >
              <span>{l.label}</span>
              <Typography component="span" variant="caption" color="text.secondary">
                {l.host}
              </Typography>
            </Button>
          ))}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <Button component={RouterLink} to={paths.advancedQuery.href(stageId)} startIcon={<QueryStats />} size="small" data-testid="advanced-link">
            {t('stats.details.advanced')}
          </Button>
          <Button onClick={() => setShare(true)} startIcon={<Share />} size="small" data-testid="share-button">
            {t('stats.details.share')}
          </Button>
          {!recruit && valid && (
            <Button component={RouterLink} to={paths.reportByZoneSelected.href(zoneId, stageId)} startIcon={<Upload />} size="small" data-testid="report-link">
              {t('stats.details.report')}
            </Button>
          )}
          <OptionalPart>
            <ExportButton stageId={stageId} />
          </OptionalPart>
        </Stack>
        {share && (
          <OptionalPart>
            <ShareDialog open={share} onClose={() => setShare(false)} url={paths.statsByStageSelected.href(zoneId, stageId)} title={code} />
          </OptionalPart>
        )}
      </CardContent>
    </Card>
  )
}

export function StatsByStageSelected() {
  const { zoneId = '', stageId = '' } = useParams()
  const { server } = useDataSource()
  const data = useStatsRows('stage', stageId)
  // The guide's badge (the efficiency answer, ~270 KB) and the drop patterns (their matrix and ECharts)
  // are asked for once the rows show (lib/first-content.ts); the badge keeps its place meanwhile.
  const shown = useFirstContentShown()
  // The same query as the basis note's: the page shows once the note and the rows are both in.
  const basis = useSampleBasis(server, stageId)
  useEffect(() => {
    if (stageId) recordStageHistory(zoneId, stageId)
  }, [zoneId, stageId])
  // The answers arrive one by one, each a synchronous render of the whole page (a long task on a phone):
  // the body renders from a deferred copy instead, in slices that leave the main thread free in between.
  const basisPending = basis.isPending
  const view = useDeferredValue(useMemo(() => ({ zoneId, stageId, server, data, shown, basisPending }), [zoneId, stageId, server, data, shown, basisPending]))
  return <StagePageBody {...view} />
}

/** The stage's table and its details: stacked, details first; from xl the details in a column on the right. */
const DETAILS_GRID_SX = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 320px' }, alignItems: 'start' } as const
const DETAILS_SX = { gridColumn: { xl: 2 }, gridRow: { xl: 1 } } as const
const TABLE_CARD_SX = { minWidth: 0, gridColumn: { xl: 1 }, gridRow: { xl: 1 } } as const

const StagePageBody = memo(function StagePageBody({
  zoneId,
  stageId,
  server,
  data,
  shown,
  basisPending,
}: {
  zoneId: string
  stageId: string
  server: Server
  data: StatsRowsData
  shown: boolean
  basisPending: boolean
}) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { stagesById, zonesById, ready } = data.catalog
  const stage = stagesById.get(stageId)
  const zone = zonesById.get(stage?.zoneId ?? zoneId)
  const [now] = useState(() => Date.now())
  const valid = isStageValid(stage, zone, server, now)
  const recruit = stageId === RECRUIT
  const go = (z: string, s: string) => void navigate(paths.statsByStageSelected.href(z, s))
  const code = stage ? localized(stage.code_i18n, stage.code, i18n.language) : stageId
  const presence = useMemo(() => stagePresence(stage, ready, server, stagesById.values(), zonesById, now), [stage, ready, server, stagesById, zonesById, now])
  if (presence.kind === 'unknown' || presence.kind === 'absent')
    return (
      <Stack spacing={2}>
        <BackButton to={paths.statsByStage.href()} label={t('stats.selector.back')} testId="back-to-selector" />
        <PageTitle
          // A mistyped stage id says nothing of the zone in the address: no overline then.
          overline={zone && presence.kind === 'absent' ? localized(zone.zoneName_i18n, zone.zoneName, i18n.language) : undefined}
          title={presence.kind === 'unknown' ? t('stats.absence.stageNotFound') : t('stats.stageTitle', { stage: code })}
          testId="selected-stage"
        />
        <AbsenceNotice presence={presence} mode="stage" name={presence.kind === 'unknown' ? stageId : code} server={server} zonesById={zonesById} />
      </Stack>
    )
  return (
    <Stack spacing={2}>
      <BackButton to={paths.statsByStage.href()} label={t('stats.selector.back')} testId="back-to-selector" />
      <PageHold ready={(data.ready || !!data.error || data.needsLogin) && (!stage || !basisPending)}>
        <Stack spacing={2}>
          <PageTitle
            overline={zone ? localized(zone.zoneName_i18n, zone.zoneName, i18n.language) : undefined}
            title={t('stats.stageTitle', { stage: code })}
            testId="selected-stage"
          />
          {stage && nameFallback(stage.code_i18n, i18n.language) ? (
            <NameFallbackNote names={stage.code_i18n} kind="stage" />
          ) : (
            <NameFallbackNote names={zone?.zoneName_i18n} kind="zone" />
          )}
          {stage && (
            <BadgeSlot>
              <OptionalPart>{shown && <StageEfficiencyBadge stageId={stageId} />}</OptionalPart>
            </BadgeSlot>
          )}
          <StageNeighbours zoneId={stage?.zoneId ?? zoneId} stageId={stageId} onSelect={go} />
          {recruit && <Alert severity="info">{t('stats.recruitBeta')}</Alert>}
          <Toolbar />
          {stage && <BasisNote stageId={stageId} />}
          <DataStatus error={data.error} retry={data.retry} needsLogin={data.needsLogin} />
          <Box sx={DETAILS_GRID_SX}>
            {stage && (
              // Stacked (below xl) the details come first: they are short, the table is long. First in the
              // document too, not moved up with `order`: a first paint of part of the server's HTML (the
              // parser yields wherever the bytes end) would show the table, then push it down by the details.
              <Box sx={DETAILS_SX}>
                <StageDetails stageId={stageId} zoneId={stage.zoneId} valid={valid} />
              </Box>
            )}
            <Card component="section" aria-label={t('stats.table.labelStage')} sx={TABLE_CARD_SX}>
              <CardContent>
                <DataTable mode="stage" rows={data.rows} stageValid={valid} recruit={recruit} loading={data.loading && !data.needsLogin} />
              </CardContent>
            </Card>
          </Box>
          {stage && !recruit && shown && (
            <OptionalPart>
              <PatternSection stageId={stageId} />
            </OptionalPart>
          )}
        </Stack>
      </PageHold>
    </Stack>
  )
})
