import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RESET_COUNTDOWN_S, RESET_DELAY_MS } from '../../config/constants'
import { forgetPrerenderVariant } from '../../lib/hydration'
import { storage } from '../../lib/storage'

/** Everything the site keeps on the device: service workers, Cache Storage, both web storages, the home-page variant cookie. */
export const resetAll = async () => {
  try {
    const regs = (await navigator.serviceWorker?.getRegistrations()) ?? []
    await Promise.all(regs.map((r) => r.unregister()))
  } catch {
    // no service worker support
  }
  try {
    if ('caches' in window) await Promise.all((await caches.keys()).map((k) => caches.delete(k)))
  } catch {
    // ignore
  }
  for (const s of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      s().clear()
    } catch {
      // unavailable
    }
  }
  if (storage.kind === 'memory') storage.removeItem('')
  forgetPrerenderVariant()
}

export function ResetAllDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [left, setLeft] = useState(RESET_COUNTDOWN_S)
  const [deleting, setDeleting] = useState(false)

  useEffect(() => {
    if (!open) return
    setLeft(RESET_COUNTDOWN_S)
    const timer = setInterval(() => setLeft((l) => (l > 0 ? l - 1 : 0)), 1000)
    return () => clearInterval(timer)
  }, [open])

  const confirm = () => {
    setDeleting(true)
    setTimeout(() => {
      void resetAll().then(() => window.location.reload())
    }, RESET_DELAY_MS)
  }

  return (
    <Dialog open={open} onClose={deleting ? undefined : onClose} slotProps={{ paper: { sx: { maxWidth: 350 } } }}>
      <DialogTitle>{t('reset.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('reset.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={deleting}>
          {t('dialog.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={left > 0 || deleting} onClick={confirm} data-testid="reset-confirm">
          {deleting ? t('reset.deleting') : left > 0 ? t('reset.confirmIn', { seconds: left }) : t('reset.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
