import Public from '@mui/icons-material/Public'
import Backdrop from '@mui/material/Backdrop'
import Button from '@mui/material/Button'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Typography from '@mui/material/Typography'
import type { Server } from '@dropwise/schemas'
import { SERVERS } from '../../config/constants'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { SERVER_LOCK_NOTICE_MS, SERVER_OVERLAY_MS } from '../../config/constants'
import { switchServer } from '../../lib/data'
import { uiState } from '../../lib/state'
import { useDataSource } from '../../lib/state-hooks'

const SERVER_KEYS = { CN: 'server.servers.CN', US: 'server.servers.US', JP: 'server.servers.JP', KR: 'server.servers.KR' } as const

export function ServerSelector() {
  const { t } = useTranslation()
  const { server } = useDataSource()
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
        aria-label={t('server.select')}
        aria-haspopup="menu"
        data-testid="server-selector"
      >
        {t(SERVER_KEYS[server])}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SERVERS.map((s) => (
          <MenuItem key={s} selected={s === server} onClick={() => choose(s)} data-testid={`server-${s}`}>
            {t(SERVER_KEYS[s])}
          </MenuItem>
        ))}
      </Menu>
      <Backdrop open={overlay !== null} sx={{ zIndex: (th) => th.zIndex.modal + 1, color: '#fff' }} onClick={() => setOverlay(null)}>
        <Typography variant="h4" component="p" role="status">
          {overlay ? t('server.switchedTo', { server: t(SERVER_KEYS[overlay]) }) : ''}
        </Typography>
      </Backdrop>
    </>
  )
}
