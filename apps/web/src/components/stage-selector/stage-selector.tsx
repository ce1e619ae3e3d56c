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
 *   A search box on top finds any stage it offers by code or zone name in any language (./stage-search).
 * - `<StageNeighbours zoneId stageId onSelect />`: previous/next stage cards of the same zone.
 * - `useStageFavourites()` → `{ favourites, isFavourite(id), toggle(id), clear() }`;
 *   `recordStageHistory(zoneId, stageId)` (call it when a stage page is entered); `useStageHistory()`.
 * - `useStageCatalog()`: stages and zones by id for the current server, with loading/error state.
 * Pure logic (existence, categories, validity) is in ./zones.
 */
import Star from '@mui/icons-material/Star'
import History from '@mui/icons-material/History'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Stage } from '@dropwise/schemas'
import type { Theme } from '@mui/material/styles'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { clearStageHistory, useStageFavourites, useStageHistory } from './preferences'
import { StageSearch } from './stage-search'
import { useStageCatalog } from './use-stage-catalog'
import { CategoryCard, StageButton, type OnSelect } from './zone-panels'
import { CATEGORY_COLUMNS, CATEGORY_ORDER, groupZones, zoneStages, type ZoneCategory } from './zones'

export { recordStageHistory, useStageFavourites, useStageHistory, clearStageHistory } from './preferences'
export { StageNeighbours } from './stage-neighbours'
export { useStageCatalog, useStageCode, useZoneName } from './use-stage-catalog'

type Purpose = 'stats' | 'report'

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
  // What the search box offers: the stages of the zones listed below, so it hides what they hide.
  const searchable = useMemo(() => {
    const categoryOf = new Map<string, ZoneCategory>()
    const stages: Stage[] = []
    for (const g of groups)
      for (const tab of g.tabs)
        for (const zone of tab.zones) {
          categoryOf.set(zone.zoneId, g.category)
          stages.push(...zoneStages(zone, catalog.stagesById, catalog.server))
        }
    return { stages, categoryOf }
  }, [groups, catalog.stagesById, catalog.server])
  if (catalog.error)
    return (
      <Alert severity="error" action={<Button onClick={catalog.retry}>{t('stats.retry')}</Button>}>
        {t('stats.selector.loadFailed', { error: catalog.error.message })}
      </Alert>
    )
  if (!catalog.ready)
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', p: 2 }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('stats.selector.loading')}</Typography>
      </Stack>
    )
  const known = (ids: readonly string[]) => ids.filter((id) => catalog.stagesById.has(id))
  const favs = known(favourites)
  const hist = known(history)
  const columns = wide ? CATEGORY_COLUMNS : [CATEGORY_ORDER]
  return (
    <Stack spacing={2} data-testid="stage-selector">
      <StageSearch stages={searchable.stages} zones={catalog.zones} categoryOf={searchable.categoryOf} onSelect={onSelect} />
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
        <FormControlLabel control={<Switch checked={hideClosedChoice} onChange={(e) => setHideClosed(e.target.checked)} />} label={t('stats.selector.hideClosed')} />
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
