import type { PlanSuccess } from '@dropwise/planner'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CircularProgress from '@mui/material/CircularProgress'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { failureText } from './plan-call'
import type { Lookup } from './plan-parts'
import { PlanTotals, StageList } from './result-view'
import type { usePlannerEngine } from './use-planner-engine'

/** The plan solved in the browser as the player types, with a way to open it in full. */
export function LivePlanCard({
  engine,
  lookup,
  unobtainable,
  onOpen,
}: {
  engine: ReturnType<typeof usePlannerEngine>
  lookup: Lookup
  unobtainable: (items: string[]) => string
  onOpen: (key: string, plan: PlanSuccess) => void
}) {
  const { t } = useTranslation()
  const live = engine.live ?? engine.stale
  return (
    <Card component="section" aria-labelledby="planner-live-title">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id="planner-live-title">
            {t('planner.live.title')}
          </Typography>
          {engine.live && (
            <Typography variant="caption" color="text.secondary" data-testid="planner-live-ms">
              {t('planner.live.solvedIn', { ms: engine.live.ms.toFixed(0) })}
            </Typography>
          )}
        </Stack>
        {(engine.status === 'loading-data' || engine.status === 'loading-solver') && (
          <Box role="status" aria-live="polite">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t(engine.status === 'loading-data' ? 'planner.live.loadingData' : 'planner.live.loadingSolver')}
            </Typography>
            <LinearProgress />
          </Box>
        )}
        {engine.status === 'failed' && (
          <Alert severity="warning" action={<Button onClick={engine.retry}>{t('planner.retry')}</Button>}>
            {t('planner.live.failed', { error: engine.error ?? '' })}
          </Alert>
        )}
        {!engine.hasRequest && (engine.status === 'ready' || engine.status === 'idle') && <Typography color="text.secondary">{t('planner.live.empty')}</Typography>}
        {engine.status === 'ready' && engine.hasRequest && (
          <Box aria-live="polite" aria-busy={engine.liveBusy} data-testid="planner-live" data-state={engine.live ? 'fresh' : 'stale'}>
            {engine.liveBusy && <LinearProgress sx={{ mb: 1 }} aria-label={t('planner.calculating')} />}
            {live?.response.error && <Alert severity="error">{failureText(live.response, unobtainable)}</Alert>}
            {live && !live.response.error && (
              <Stack spacing={2} sx={{ opacity: engine.live ? 1 : 0.6 }}>
                <PlanTotals plan={live.response} lookup={lookup} />
                <StageList plan={live.response} lookup={lookup} limit={6} />
                {live.response.stages.length > 6 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('planner.live.more', { count: live.response.stages.length - 6 })}
                  </Typography>
                )}
                <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('planner.live.syntheses', { count: live.response.syntheses.length })}
                  </Typography>
                  <Button
                    onClick={() => {
                      if (!live.response.error) onOpen(live.key, live.response)
                    }}
                    data-testid="planner-open-result"
                  >
                    {t('planner.live.details')}
                  </Button>
                </Stack>
              </Stack>
            )}
            {!live && <CircularProgress size={24} aria-label={t('planner.calculating')} />}
          </Box>
        )}
      </CardContent>
    </Card>
  )
}
