/**
 * Stage selector, step 1 of "stats by stage" and "report by stage" (spec 000 §2, web-reference §2.6).
 *
 * API:
 * - `<StageSelector onSelect={(zoneId, stageId) => …} purpose="stats" | "report" />` renders favourites,
 *   history (newest first, cap 30, clearable) and the zones grouped in the spec's order
 *   (ACTIVITY_OPEN, ACTIVITY_PENDING, MAINLINE, ACTIVITY_PERMANENT, GACHABOX, RECRUIT, ACTIVITY_CLOSED,
 *   WEEKLY) with tabs (closed activities by year, mainline by sub-type with episode ranges). With
 *   purpose 'report' closed activities and recruitment are left out (closed stages hidden); with
 *   'stats' a switch lets the visitor hide them too. It never navigates: the caller does, in `onSelect`.
 * - `<StageNeighbours zoneId stageId onSelect />`: previous/next stage cards of the same zone.
 * - `useStageFavourites()` → `{ favourites, isFavourite(id), toggle(id), clear() }`;
 *   `recordStageHistory(zoneId, stageId)` (call it when a stage page is entered); `useStageHistory()`.
 * - `useStageCatalog()`: stages and zones by id for the current server, with loading/error state.
 * Pure logic (existence, categories, validity) is in ./zones.
 */
import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Star from '@mui/icons-material/Star'
import History from '@mui/icons-material/History'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Stage, Zone } from '@dropwise/schemas'
import type { Theme } from '@mui/material/styles'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDataset } from '../../lib/data'
import { formatDate } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'
import { clearStageHistory, useStageFavourites, useStageHistory } from './preferences'
import { CATEGORY_COLUMNS, CATEGORY_ORDER, groupZones, neighbourStages, zoneStages, zoneTimeValid, type CategoryGroup, type ZoneTab } from './zones'

export { recordStageHistory, useStageFavourites, useStageHistory, clearStageHistory } from './preferences'

type Purpose = 'stats' | 'report'
type OnSelect = (zoneId: string, stageId: string) => void

/** Stages and zones of the current server, indexed by id. */
export function useStageCatalog() {
  const stages = useDataset('stages')
  const zones = useDataset('zones')
  const { server } = useDataSource()
  const stagesById = useMemo(() => new Map((stages.data ?? []).map((s) => [s.stageId, s])), [stages.data])
  const zonesById = useMemo(() => new Map((zones.data ?? []).map((z) => [z.zoneId, z as Zone])), [zones.data])
  return {
    server,
    stagesById,
    zonesById,
    zones: (zones.data ?? []) as Zone[],
    ready: !!stages.data && !!zones.data,
    error: (stages.error ?? zones.error) as Error | null,
    retry: () => {
      void stages.refetch()
      void zones.refetch()
    },
  }
}

export const useStageCode = () => {
  const { i18n } = useTranslation()
  return (stage: Stage) => localized(stage.code_i18n, stage.code, i18n.language)
}

export const useZoneName = () => {
  const { i18n } = useTranslation()
  return (zone: Zone) => localized(zone.zoneName_i18n, zone.zoneName, i18n.language)
}

function StageButton({ stage, zone, onSelect, showZone }: { stage: Stage; zone?: Zone | undefined; onSelect: OnSelect; showZone?: boolean }) {
  const code = useStageCode()
  const zoneName = useZoneName()
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={() => onSelect(stage.zoneId, stage.stageId)}
      data-testid="stage-button"
      data-stage-id={stage.stageId}
      sx={{ textTransform: 'none', minWidth: 64, flexDirection: 'column', lineHeight: 1.2, py: 0.5 }}
    >
      {showZone && zone && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 160 }} noWrap>
          {zoneName(zone)}
        </Typography>
      )}
      <span>{code(stage)}</span>
    </Button>
  )
}

function StageList({ ids, onSelect, testId }: { ids: readonly string[]; onSelect: OnSelect; testId: string }) {
  const { stagesById, zonesById } = useStageCatalog()
  const stages = ids.map((id) => stagesById.get(id)).filter((s): s is Stage => !!s)
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid={testId}>
      {stages.map((s) => (
        <StageButton key={s.stageId} stage={s} zone={zonesById.get(s.zoneId)} onSelect={onSelect} showZone />
      ))}
    </Box>
  )
}

function StatusChip({ zone }: { zone: Zone }) {
  const { t } = useTranslation()
  const { server } = useDataSource()
  const [now] = useState(() => Date.now())
  if (zone.type !== 'ACTIVITY') return null
  const v = zoneTimeValid(zone, server, now)
  const e = zone.existence[server]
  const period =
    e.openTime !== undefined || e.closeTime !== undefined
      ? `${e.openTime !== undefined ? formatDate(e.openTime, { now, time: true }) : '…'} – ${e.closeTime !== undefined ? formatDate(e.closeTime, { now, time: true }) : '…'}`
      : null
  const chip =
    v === 0 ? (
      <Chip size="small" color="success" label={t('stats.selector.status.open')} />
    ) : v === 1 ? (
      <Chip size="small" color="error" variant="outlined" label={t('stats.selector.status.closed')} />
    ) : v === -1 ? (
      <Chip size="small" label={t('stats.selector.status.pending')} />
    ) : (
      <Chip size="small" color="primary" variant="outlined" label={t('stats.selector.status.permanent')} />
    )
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {chip}
      {period && (
        <Typography variant="caption" color="text.secondary">
          {period}
        </Typography>
      )}
    </Stack>
  )
}

function ZonePanel({ zone, defaultExpanded, onSelect }: { zone: Zone; defaultExpanded: boolean; onSelect: OnSelect }) {
  const { stagesById, server } = useStageCatalog()
  const zoneName = useZoneName()
  const id = useId()
  const stages = zoneStages(zone, stagesById, server)
  return (
    <Accordion defaultExpanded={defaultExpanded} disableGutters slotProps={{ transition: { unmountOnExit: true } }} data-testid="zone-panel" data-zone-id={zone.zoneId}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Stack spacing={0.5}>
          <Typography component="h4" variant="subtitle1">
            {zoneName(zone)}
          </Typography>
          <StatusChip zone={zone} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {stages.map((s) => (
            <StageButton key={s.stageId} stage={s} onSelect={onSelect} />
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  )
}

function useTabLabel(): (tab: ZoneTab) => string {
  const { t } = useTranslation()
  return (tab) => {
  if (tab.kind === 'year') return tab.key || t('stats.selector.unknownYear')
  const subTypes: Record<string, string> = {
    AWAKENING_HOUR: t('stats.selector.subTypes.AWAKENING_HOUR'),
    VISION_SHATTER: t('stats.selector.subTypes.VISION_SHATTER'),
    DYING_SUN: t('stats.selector.subTypes.DYING_SUN'),
    NEXUS_POINT_OF_FUTURE: t('stats.selector.subTypes.NEXUS_POINT_OF_FUTURE'),
    INTERLUDE: t('stats.selector.subTypes.INTERLUDE'),
    SIDESTORY: t('stats.selector.subTypes.SIDESTORY'),
  }
  const title = subTypes[tab.key] ?? tab.key
  return tab.episodes
    ? `${title} · ${t('stats.selector.episodes', { from: tab.episodes.from, to: tab.episodes.to })}`
    : title
  }
}

function CategoryCard({ group, onSelect }: { group: CategoryGroup; onSelect: OnSelect }) {
  const { t } = useTranslation()
  const tabLabel = useTabLabel()
  const [tabIndex, setTabIndex] = useState(group.tabs.length - 1)
  const tab = group.tabs[Math.min(tabIndex, group.tabs.length - 1)]
  const id = useId()
  const titles: Record<(typeof CATEGORY_ORDER)[number], string> = {
    ACTIVITY_OPEN: t('stats.selector.categories.ACTIVITY_OPEN'),
    ACTIVITY_PENDING: t('stats.selector.categories.ACTIVITY_PENDING'),
    MAINLINE: t('stats.selector.categories.MAINLINE'),
    ACTIVITY_PERMANENT: t('stats.selector.categories.ACTIVITY_PERMANENT'),
    GACHABOX: t('stats.selector.categories.GACHABOX'),
    RECRUIT: t('stats.selector.categories.RECRUIT'),
    ACTIVITY_CLOSED: t('stats.selector.categories.ACTIVITY_CLOSED'),
    WEEKLY: t('stats.selector.categories.WEEKLY'),
  }
  if (!tab) return null
  return (
    <Card component="section" aria-labelledby={`${id}-title`} data-testid="zone-category" data-category={group.category}>
      <CardContent sx={{ pb: 1 }}>
        <Typography id={`${id}-title`} component="h3" variant="h6">
          {titles[group.category]}
        </Typography>
      </CardContent>
      {group.tabs.length > 1 && (
        <Tabs
          value={Math.min(tabIndex, group.tabs.length - 1)}
          onChange={(_e, v: number) => setTabIndex(v)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={titles[group.category]}
        >
          {group.tabs.map((tb, i) => (
            <Tab key={tb.key || i} label={tabLabel(tb)} id={`${id}-tab-${i}`} aria-controls={`${id}-tabpanel`} sx={{ textTransform: 'none' }} />
          ))}
        </Tabs>
      )}
      <Box role={group.tabs.length > 1 ? 'tabpanel' : undefined} id={`${id}-tabpanel`} aria-labelledby={group.tabs.length > 1 ? `${id}-tab-${tabIndex}` : undefined} sx={{ p: 1 }}>
        {tab.zones.map((z) => (
          <ZonePanel key={`${tab.key}-${z.zoneId}`} zone={z} defaultExpanded={tab.zones.length === 1} onSelect={onSelect} />
        ))}
      </Box>
    </Card>
  )
}

/** Step 1: favourites, history and zones. */
export function StageSelector({ onSelect, purpose }: { onSelect: OnSelect; purpose: Purpose }) {
  const { t } = useTranslation()
  const catalog = useStageCatalog()
  const { favourites, clear: clearFavourites } = useStageFavourites()
  const history = useStageHistory()
  const [now] = useState(() => Date.now())
  const [hideClosedChoice, setHideClosed] = useState(false)
  const hideClosed = purpose === 'report' || hideClosedChoice
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'))
  const groups = useMemo(
    () => (catalog.ready ? groupZones(catalog.zones, catalog.stagesById, catalog.server, now, { hideClosed }) : []),
    [catalog.ready, catalog.zones, catalog.stagesById, catalog.server, now, hideClosed],
  )
  if (catalog.error)
    return (
      <Alert severity="error" action={<Button onClick={catalog.retry}>{t('stats.retry')}</Button>}>
        {t('stats.selector.loadFailed', { error: catalog.error.message })}
      </Alert>
    )
  if (!catalog.ready)
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', p: 2 }} role="status">
        <CircularProgress size={24} />
        <Typography>{t('stats.selector.loading')}</Typography>
      </Stack>
    )
  const known = (ids: readonly string[]) => ids.filter((id) => catalog.stagesById.has(id))
  const favs = known(favourites)
  const hist = known(history)
  const columns = wide ? CATEGORY_COLUMNS : [CATEGORY_ORDER]
  return (
    <Stack spacing={2} data-testid="stage-selector">
      {(favs.length > 0 || hist.length > 0) && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          {favs.length > 0 && (
            <Card component="section" aria-label={t('stats.selector.favourites')}>
              <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                  <Typography component="h3" variant="h6" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Star color="warning" aria-hidden /> {t('stats.selector.favourites')}
                  </Typography>
                  <Button size="small" onClick={clearFavourites}>
                    {t('stats.selector.clearFavourites')}
                  </Button>
                </Stack>
                <StageList ids={favs} onSelect={onSelect} testId="favourite-stages" />
              </CardContent>
            </Card>
          )}
          {hist.length > 0 && (
            <Card component="section" aria-label={t('stats.selector.history')}>
              <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                  <Typography component="h3" variant="h6" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <History aria-hidden /> {t('stats.selector.history')}
                  </Typography>
                  <Button size="small" onClick={clearStageHistory} data-testid="clear-history">
                    {t('stats.selector.clearHistory')}
                  </Button>
                </Stack>
                <StageList ids={hist} onSelect={onSelect} testId="history-stages" />
              </CardContent>
            </Card>
          )}
        </Box>
      )}
      {purpose === 'stats' && (
        <FormControlLabel
          control={<Switch checked={hideClosedChoice} onChange={(e) => setHideClosed(e.target.checked)} />}
          label={t('stats.selector.hideClosed')}
        />
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: wide ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)', alignItems: 'start' }}>
        {columns.map((column, i) => (
          <Stack key={i} spacing={2} sx={{ minWidth: 0 }}>
            {groups
              .filter((g) => column.includes(g.category))
              .map((g) => (
                <CategoryCard key={`${g.category}-${catalog.server}`} group={g} onSelect={onSelect} />
              ))}
          </Stack>
        ))}
      </Box>
    </Stack>
  )
}

/** Previous and next stage of the same zone as cards (nothing at the ends). */
export function StageNeighbours({ zoneId, stageId, onSelect }: { zoneId: string; stageId: string; onSelect: OnSelect }) {
  const { t } = useTranslation()
  const { zonesById, stagesById, server } = useStageCatalog()
  const code = useStageCode()
  const { prev, next } = neighbourStages(zonesById.get(zoneId), stageId, stagesById, server)
  const card = (stage: Stage | null, dir: 'prev' | 'next') =>
    stage ? (
      <Card variant="outlined" sx={{ flex: 1, maxWidth: 320 }}>
        <CardActionArea onClick={() => onSelect(stage.zoneId, stage.stageId)} data-testid={`stage-${dir}`}>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: dir === 'prev' ? 'flex-start' : 'flex-end', py: 1 }}>
            {dir === 'prev' && <ChevronLeft aria-hidden />}
            <Box sx={{ textAlign: dir === 'prev' ? 'left' : 'right' }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(dir === 'prev' ? 'stats.selector.previous' : 'stats.selector.next')}
              </Typography>
              <Typography variant="subtitle1" component="div">
                {code(stage)}
              </Typography>
            </Box>
            {dir === 'next' && <ChevronRight aria-hidden />}
          </CardContent>
        </CardActionArea>
      </Card>
    ) : (
      <Box sx={{ flex: 1, maxWidth: 320 }} />
    )
  if (!prev && !next) return null
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }} component="nav" aria-label={t('stats.selector.neighbours')}>
      {card(prev, 'prev')}
      {card(next, 'next')}
    </Stack>
  )
}
