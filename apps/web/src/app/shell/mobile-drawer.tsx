import Drawer from '@mui/material/Drawer'
import Toolbar from '@mui/material/Toolbar'
import type { ReactNode } from 'react'
import { DRAWER_WIDTH } from '../../config/constants'

/**
 * The menu as a temporary drawer on narrow screens. Loaded the first time the menu button is
 * pressed: Drawer brings Modal, focus trap, backdrop and slide transition, which the first screen
 * does not need. It then stays mounted, so later openings slide in at once.
 */
export default function MobileDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
    >
      <Toolbar />
      {children}
    </Drawer>
  )
}
