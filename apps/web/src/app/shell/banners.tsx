import Science from '@mui/icons-material/Science'
import Box from '@mui/material/Box'
import { alpha } from '@mui/material/styles'
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { MountWhen } from '../../components/lazy-mount'
import { STORAGE_WARNING_DELAY_MS, STORAGE_WARNING_MS } from '../../config/constants'
import { useDataset } from '../../lib/data'
import { useHydrated } from '../../lib/hydration'
import { useStore } from '../../lib/persisted-store'
import { outdatedStore } from '../../lib/session'
import { mirrorStore } from '../../lib/state'
import { onStorageDegraded } from '../../lib/storage'
import { readShellConfig } from '../../lib/shell-config'

export function useShellConfig() {
  const config = useDataset('config')
  // A config stored from an earlier visit is not in the pre-rendered page: it counts once hydrated.
  const hydrated = useHydrated()
  return readShellConfig(hydrated ? config.data : undefined)
}

// The mirror banner's Alert view loads only when it is to be shown (most visits show none).
const MirrorBannerView = lazy(() => import('./banner-views').then((m) => ({ default: m.MirrorBannerView })))

/**
 * Whenever the server says its data includes simulated demo reports. Drawn with the first load's own
 * parts (no Alert chunk): a default install shows it on every visit, and its first load of `/` has a
 * JavaScript budget (bench:web). It pushes nothing down later: until `/config` answers (and in the build
 * and hydration) it is drawn with the class `demo-pending`, which index.html's stylesheet shows only under
 * `<html data-demo>`, the server's word when it sent the page (apps/server plugins/web.ts).
 */
export function DemoBanner() {
  const { t } = useTranslation()
  const config = useDataset('config')
  const pending = !useHydrated() || config.data === undefined
  if (!pending && !readShellConfig(config.data).demo) return null
  return (
    <Box
      role="note"
      data-testid="demo-banner"
      className={pending ? 'demo-pending' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1,
        typography: 'body2',
        color: 'text.primary',
        bgcolor: (theme) => alpha(theme.palette.info.main, theme.palette.mode === 'dark' ? 0.2 : 0.1),
      }}
    >
      <Science fontSize="small" color="info" aria-hidden />
      <span>{t('demo.banner')}</span>
    </Box>
  )
}

/** The mirror suggestion from the config, unless ignored for good or closed for this visit. */
export function MirrorBanner() {
  const { mirrorSuggestion } = useShellConfig()
  const ignored = useStore(mirrorStore, (s) => s.ignoreNotification)
  const [closed, setClosed] = useState(false)
  if (!mirrorSuggestion || ignored || closed) return null
  const host = new URL(mirrorSuggestion.url).host
  if (host === location.host) return null
  return (
    <Suspense fallback={null}>
      <MirrorBannerView url={mirrorSuggestion.url} host={host} onClose={() => setClosed(true)} />
    </Suspense>
  )
}

const OutdatedDialogView = lazy(() => import('./outdated-dialog'))

/** Blocking dialog when a response said this client is outdated (its code loads only then). */
export function OutdatedDialog() {
  const outdated = useSyncExternalStore(outdatedStore.subscribe, outdatedStore.get, () => false)
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
