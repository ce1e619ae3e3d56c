import Science from '@mui/icons-material/Science'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { lazy, useEffect, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { MountWhen } from '../../components/lazy-mount'
import { STORAGE_WARNING_DELAY_MS, STORAGE_WARNING_MS } from '../../config/constants'
import { useDataset } from '../../lib/data'
import { useStore } from '../../lib/persisted-store'
import { outdatedStore } from '../../lib/session'
import { mirrorStore } from '../../lib/state'
import { onStorageDegraded } from '../../lib/storage'
import { readShellConfig } from './frontend-config'

export function useShellConfig() {
  const config = useDataset('config')
  return readShellConfig(config.data)
}

export function DemoBanner() {
  const { t } = useTranslation()
  const { demo } = useShellConfig()
  if (!demo) return null
  return (
    <Alert severity="warning" icon={<Science />} square sx={{ borderRadius: 0 }} data-testid="demo-banner">
      {t('demo.banner')}
    </Alert>
  )
}

export function MirrorBanner() {
  const { t } = useTranslation()
  const { mirrorSuggestion } = useShellConfig()
  const ignored = useStore(mirrorStore, (s) => s.ignoreNotification)
  const [closed, setClosed] = useState(false)
  if (!mirrorSuggestion || ignored || closed) return null
  const host = new URL(mirrorSuggestion.url).host
  if (host === location.host) return null
  return (
    <Alert
      severity="info"
      square
      sx={{ borderRadius: 0 }}
      onClose={() => setClosed(true)}
      closeText={t('dialog.close')}
      action={
        <>
          <Button color="inherit" size="small" href={mirrorSuggestion.url}>
            {t('mirror.go')}
          </Button>
          <Button color="inherit" size="small" onClick={() => mirrorStore.set({ ignoreNotification: true })}>
            {t('mirror.ignore')}
          </Button>
        </>
      }
    >
      {t('mirror.suggest', { host })}
    </Alert>
  )
}

const OutdatedDialogView = lazy(() => import('./outdated-dialog'))

/** Blocking dialog when a response said this client is outdated (its code loads only then). */
export function OutdatedDialog() {
  const outdated = useSyncExternalStore(outdatedStore.subscribe, outdatedStore.get)
  return (
    <MountWhen when={outdated}>
      <OutdatedDialogView />
    </MountWhen>
  )
}

/** settings.storageIssue, 30 s, shown 3 s after start when no storage works; once. */
export function StorageWarning() {
  const { t } = useTranslation()
  useEffect(
    () =>
      onStorageDegraded(() => {
        setTimeout(() => snackbar.show(t('settings.storageIssue'), { severity: 'warning', timeout: STORAGE_WARNING_MS }), STORAGE_WARNING_DELAY_MS)
      }),
    [t],
  )
  return null
}
