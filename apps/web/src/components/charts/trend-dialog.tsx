import CloseIcon from '@mui/icons-material/Close'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import { lazy, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useDataset } from '../../lib/data'
import { formatDate, formatNumber, formatPercent } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'
import { useSampleBasis } from '../../lib/use-sample-basis'
import { SimulatedCaption } from './simulated-caption'
import { bucketLabels, splitRates, TREND_MIN_RUNS } from './trend-math'
import { useTrend } from './use-trend'
import { OptionalPart } from '../lazy-mount'

// ECharts loads with the chart, when the dialog first opens.
const TrendChart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })))

export interface TrendDialogProps {
  open: boolean
  onClose: () => void
  stageId: string
  itemId: string
}

/** Trend of one (stage, item) pair over the last 60 days: runs, drops and drop rate (850 px wide). */
export function TrendDialog({ open, onClose, stageId, itemId }: TrendDialogProps) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const lang = i18n.language
  const items = useDataset('items')
  const stages = useDataset('stages')
  const { source, server } = useDataSource()
  const { trend, query } = useTrend(stageId, itemId)
  const basis = useSampleBasis(server, stageId)
  const item = items.data?.find((i) => i.itemId === itemId)
  const stage = stages.data?.find((s) => s.stageId === stageId)
  const itemName = item ? localized(item.name_i18n, item.name, lang) : itemId
  // Non-breaking hyphens keep a code like 1-7 on one line when the title wraps.
  const stageCode = (stage ? localized(stage.code_i18n, stage.code, lang) : stageId).replace(/-/g, '\u2011')
  const totalTimes = trend?.times.reduce((s, v) => s + v, 0) ?? 0
  const totalQuantity = trend?.quantity.reduce((s, v) => s + v, 0) ?? 0
  const split = trend ? splitRates(trend.quantity, trend.times) : null

  let body
  if (source !== 'global') body = <Alert severity="info">{t('charts.trend.globalOnly')}</Alert>
  else if (query.isPending)
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', height: 360 }}>
        <CircularProgress aria-label={t('charts.loading')} />
      </Box>
    )
  else if (query.isError) body = <Alert severity="error">{t('charts.trend.error', { message: query.error.message })}</Alert>
  else if (!trend) body = <Alert severity="info">{t('charts.trend.empty')}</Alert>
  else
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('charts.trend.summary', {
            start: bucketLabels([trend.startTime], trend.intervalMs, Date.now())[0] ?? '',
            samples: t('charts.trend.samples', { count: totalTimes, n: formatNumber(totalTimes, lang) }),
            drops: t('charts.trend.drops', { count: totalQuantity, n: formatNumber(totalQuantity, lang) }),
            rate: totalTimes > 0 ? formatPercent(totalQuantity / totalTimes, lang, 2) : '—',
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="trend-basis">
          {t('charts.basis.trend', { count: totalTimes, n: formatNumber(totalTimes, lang) })}
        </Typography>
        {(basis.data?.simulated.reports ?? 0) > 0 && <SimulatedCaption />}
        {split && split.sparse > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="trend-sparse">
            {t('charts.trend.sparse', { min: TREND_MIN_RUNS, count: split.sparse, total: split.run })}
          </Typography>
        )}
        <OptionalPart
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', height: 360 }}>
              <CircularProgress aria-label={t('charts.loading')} />
            </Box>
          }
        >
          <TrendChart startTime={trend.startTime} intervalMs={trend.intervalMs} times={trend.times} quantity={trend.quantity} height={360} />
        </OptionalPart>
        {query.dataUpdatedAt > 0 && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('charts.trend.updated', { time: formatDate(query.dataUpdatedAt, { time: true }) })}
          </Typography>
        )}
      </>
    )

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: 850, m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' } } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {t('charts.trend.title', { item: itemName, stage: stageCode })}
        <IconButton aria-label={t('charts.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent data-testid="trend-dialog">{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('charts.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
