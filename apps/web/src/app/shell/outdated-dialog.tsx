import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { OUTDATED_DIALOG_WIDTH, UPGRADE_RELOAD_MS } from '../../config/constants'
import { outdatedStore } from '../../lib/session'
import { resetAll } from '../../features/settings/reset-all-dialog'

/** Blocking dialog when a response said this client is outdated (see ./banners). */
export default function OutdatedDialogView() {
  const { t } = useTranslation()
  const outdated = useSyncExternalStore(outdatedStore.subscribe, outdatedStore.get)
  const [busy, setBusy] = useState(false)
  const upgrade = () => {
    setBusy(true)
    setTimeout(() => void resetAll().then(() => location.reload()), UPGRADE_RELOAD_MS)
  }
  return (
    <Dialog open={outdated} slotProps={{ paper: { sx: { maxWidth: OUTDATED_DIALOG_WIDTH } } }}>
      <DialogTitle>{t('upgrade.outdatedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('upgrade.outdatedBody')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={upgrade} disabled={busy}>
          {busy ? t('upgrade.reloading') : t('upgrade.upgrade')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
