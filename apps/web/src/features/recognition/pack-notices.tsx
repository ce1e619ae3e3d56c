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

/**
 * The server's pack cannot read some items of the current game data yet (a new event's items before
 * their templates are in): say which, instead of letting the recognizer guess them. Nothing when none.
 */
export function UnreadableNotice({ names, updating }: { names: readonly string[]; updating: boolean }) {
  const { t, i18n } = useTranslation()
  if (names.length === 0) return null
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(names)
  return (
    <Alert severity="warning" data-testid="recognition-unreadable">
      <AlertTitle>{t('recognition.assets.unreadableTitle')}</AlertTitle>
      {t('recognition.assets.unreadable', { items: list })}
      <Typography variant="body2" component="p" sx={{ mt: 1 }}>
        {updating ? t('recognition.assets.unreadableUpdating') : t('recognition.assets.unreadableNext')}
      </Typography>
    </Alert>
  )
}

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

/**
 * Why recognition cannot start, for the player: `notReady` the server has no resources yet (the
 * download failed, or never happened), `failed` this browser could not load them, `off` the operator
 * switched them off. What went wrong in detail is for operators: the server's log and `/api/_/health`
 * say it (with the settings to look at), never this page.
 */
export type UnavailableWhy = 'notReady' | 'failed' | 'off' | 'noServer' | 'noWorker'

export const unavailableWhy = (state: PackState, view: AssetView, serverMissing: boolean): UnavailableWhy =>
  serverMissing
    ? 'noServer'
    : state.kind === 'none'
      ? view.kind === 'off'
        ? 'off'
        : 'notReady'
      : state.kind === 'unsupported'
        ? 'noWorker'
        : state.kind === 'failed'
          ? 'failed'
          : 'noServer'

export function Unavailable({
  why,
  view,
  onRetry,
  onRetryAssets,
  retrying,
  server,
}: {
  why: UnavailableWhy
  view: AssetView
  onRetry: () => void
  onRetryAssets: () => void
  retrying: boolean
  server: string
}) {
  const { t } = useTranslation()
  const title =
    why === 'notReady' || why === 'failed'
      ? t('recognition.unavailable.notReadyTitle')
      : why === 'off'
        ? t('recognition.unavailable.offTitle')
        : t('recognition.unavailable.title')
  const text =
    why === 'notReady'
      ? t('recognition.unavailable.notReady')
      : why === 'failed'
        ? t('recognition.unavailable.loadFailed')
        : why === 'off'
          ? t('recognition.unavailable.off')
          : why === 'noWorker'
            ? t('recognition.unavailable.noWorker')
            : t('recognition.unavailable.noServer', { server })
  // Asking the server to try its download again, or this browser to load the pack again.
  const retry = why === 'failed' ? onRetry : why === 'notReady' && view.kind === 'unavailable' ? onRetryAssets : null
  // The buttons under the text, not in the alert's action slot: on a phone that slot squeezes the text.
  return (
    <Alert severity="info" data-testid="recognition-unavailable" data-state={why === 'notReady' || why === 'off' ? view.kind : why}>
      <AlertTitle>{title}</AlertTitle>
      {text}
      <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" size="small" component={Link} to={paths.reportByZone.href()} data-testid="recognition-manual">
          {t('recognition.unavailable.manual')}
        </Button>
        {retry && (
          <Button color="inherit" variant="outlined" size="small" onClick={retry} disabled={retrying} data-testid="recognition-retry">
            {t('recognition.unavailable.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  )
}
