import Backdrop from '@mui/material/Backdrop'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Typography from '@mui/material/Typography'
import type { Server } from '@dropwise/schemas'
import { useTranslation } from 'react-i18next'
import { SERVERS } from '../../config/constants'
import { SERVER_KEYS } from './server-keys'

/** The server menu and the 2.5 s switch overlay (loaded on first use, see ./server-selector). */
export default function ServerMenu(props: {
  anchor: HTMLElement | null
  server: Server
  onChoose: (s: Server) => void
  onClose: () => void
  overlay: Server | null
  onOverlayClose: () => void
}) {
  const { anchor, server, onChoose: choose, onClose, overlay, onOverlayClose } = props
  const { t } = useTranslation()
  return (
    <>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
        {SERVERS.map((s) => (
          <MenuItem key={s} selected={s === server} onClick={() => choose(s)} data-testid={`server-${s}`}>
            {t(SERVER_KEYS[s])}
          </MenuItem>
        ))}
      </Menu>
      <Backdrop open={overlay !== null} sx={{ zIndex: (th) => th.zIndex.modal + 1, color: '#fff' }} onClick={onOverlayClose}>
        <Typography variant="h4" component="p" role="status">
          {overlay ? t('server.switchedTo', { server: t(SERVER_KEYS[overlay]) }) : ''}
        </Typography>
      </Backdrop>
    </>
  )
}
