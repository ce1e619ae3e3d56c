import Public from '@mui/icons-material/Public'
import Button from '@mui/material/Button'
import type { Server } from '@dropwise/schemas'
import { lazy, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { MountWhen } from '../../components/lazy-mount'
import { SERVER_LOCK_NOTICE_MS, SERVER_OVERLAY_MS } from '../../config/constants'
import { switchServer } from '../../lib/data'
import { useHydrated } from '../../lib/hydration'
import { uiState } from '../../lib/state'
import { useDataSource } from '../../lib/state-hooks'

import { SERVER_KEYS } from './server-keys'

const ServerMenu = lazy(() => import('./server-menu'))

export function ServerSelector() {
  const { t } = useTranslation()
  const chosen = useDataSource().server
  // The pre-rendered page shows the default server; a visitor's own choice appears once hydrated.
  const server: Server = useHydrated() ? chosen : 'CN'
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [overlay, setOverlay] = useState<Server | null>(null)

  useEffect(() => {
    if (!overlay) return
    const timer = setTimeout(() => setOverlay(null), SERVER_OVERLAY_MS)
    return () => clearTimeout(timer)
  }, [overlay])

  const choose = (next: Server) => {
    setAnchor(null)
    if (next === server) return
    if (uiState.recognitionRunning) {
      snackbar.show(t('server.locked'), { severity: 'info', timeout: SERVER_LOCK_NOTICE_MS })
      return
    }
    switchServer(next)
    setOverlay(next)
  }

  return (
    <>
      <Button
        color="inherit"
        startIcon={<Public />}
        onClick={(e) => setAnchor(e.currentTarget)}
        // The accessible name starts with the visible text (axe label-content-name-mismatch).
        aria-label={`${t(SERVER_KEYS[server])} · ${t('server.select')}`}
        aria-haspopup="menu"
        data-testid="server-selector"
      >
        {t(SERVER_KEYS[server])}
      </Button>
      <MountWhen when={anchor !== null || overlay !== null}>
        <ServerMenu anchor={anchor} server={server} onChoose={choose} onClose={() => setAnchor(null)} overlay={overlay} onOverlayClose={() => setOverlay(null)} />
      </MountWhen>
    </>
  )
}
