import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../config/paths'
import { formatPercent } from '../../lib/format'
import type { AssetView } from './asset-state'
import type { PackState } from './use-recognition'

/** The server is downloading the game resources: how far, and that the page goes on by itself. */
export function Preparing({ view }: { view: Extract<AssetView, { kind: 'preparing' }> }) {
  const { t, i18n } = useTranslation()
  const { fraction } = view
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="recognition-preparing">
      <Typography variant="body1" role="status" sx={{ fontWeight: 500 }}>
        {fraction === null ? t('recognition.assets.preparingStart') : t('recognition.assets.preparing', { percent: formatPercent(fraction, i18n.language, 0) })}
      </Typography>
      <LinearProgress
        variant={fraction === null ? 'indeterminate' : 'determinate'}
        value={fraction === null ? undefined : fraction * 100}
        aria-label={t('recognition.assets.progressLabel')}
        data-testid="recognition-preparing-progress"
        sx={{ my: 1.5 }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('recognition.assets.preparingNote')}
      </Typography>
      <Button size="small" component={Link} to={paths.reportByZone.href()} sx={{ mt: 1 }}>
        {t('recognition.unavailable.manual')}
      </Button>
    </Paper>
  )
}

export function Unavailable({
  state,
  view,
  onRetry,
  onRetryAssets,
  retrying,
  server,
}: {
  state: PackState
  view: AssetView
  onRetry: () => void
  onRetryAssets: () => void
  retrying: boolean
  server: string
}) {
  const { t } = useTranslation()
  // Without a pack the reason is the server's resources: downloading failed, switched off, or none at all.
  const assets = state.kind === 'none' ? view.kind : null
  const text =
    assets === 'unavailable'
      ? t('recognition.unavailable.download')
      : assets === 'off'
        ? t('recognition.unavailable.off')
        : state.kind === 'none'
          ? t('recognition.unavailable.noPack')
          : state.kind === 'unsupported'
            ? t('recognition.unavailable.noWorker')
            : state.kind === 'failed'
              ? t('recognition.unavailable.loadFailed', { message: state.message })
              : t('recognition.unavailable.noServer', { server })
  const reason = view.kind === 'unavailable' ? view.reason : null
  // The buttons under the text, not in the alert's action slot: on a phone that slot squeezes the text.
  return (
    <Alert severity={state.kind === 'failed' ? 'error' : 'info'} data-testid="recognition-unavailable" data-state={assets ?? state.kind}>
      <AlertTitle>{t('recognition.unavailable.title')}</AlertTitle>
      {text}
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        {(state.kind === 'failed' || assets === 'unavailable') && (
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={assets === 'unavailable' ? onRetryAssets : onRetry}
            disabled={retrying}
            data-testid="recognition-retry"
          >
            {t('recognition.unavailable.retry')}
          </Button>
        )}
        <Button color="inherit" size="small" component={Link} to={paths.reportByZone.href()}>
          {t('recognition.unavailable.manual')}
        </Button>
      </Stack>
      {assets !== null && (
        <Typography variant="caption" component="p" sx={{ mt: 1.5, opacity: 0.85, overflowWrap: 'anywhere' }} data-testid="recognition-operator-hint">
          {reason !== null && (
            <>
              {t('recognition.unavailable.reason', { reason })}
              <br />
            </>
          )}
          {t('recognition.unavailable.operators')}
        </Typography>
      )}
    </Alert>
  )
}
