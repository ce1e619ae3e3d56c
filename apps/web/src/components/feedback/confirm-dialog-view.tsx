import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { confirmStore } from './confirm-store'

/** The confirm dialog (loaded with the first request, see ./confirm-dialog). */
export default function ConfirmDialogView() {
  const req = useSyncExternalStore(confirmStore.subscribe, confirmStore.current, confirmStore.current)
  const { t } = useTranslation()
  return (
    <Dialog open={req !== null} onClose={() => confirmStore.settle(false)} slotProps={{ paper: { sx: { maxWidth: req?.width, width: '100%' } } }}>
      {req && (
        <>
          <DialogTitle>{req.title}</DialogTitle>
          <DialogContent>{req.message}</DialogContent>
          <DialogActions>
            <Button onClick={() => confirmStore.settle(false)}>{req.cancelText ?? t('dialog.cancel')}</Button>
            <Button variant="contained" color={req.color ?? 'primary'} onClick={() => confirmStore.settle(true)}>
              {req.confirmText ?? t('dialog.confirm')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
