import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Snackbar from '@mui/material/Snackbar'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from './snackbar-store'

/** The visible snackbar (loaded with the first message, see ./global-snackbar). */
export default function SnackbarView() {
  const current = useSyncExternalStore(snackbar.subscribe, snackbar.current, snackbar.current)
  const { t } = useTranslation()
  if (!current) return null
  const close = () => snackbar.close(current.id)
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={current.timeout > 0 ? current.timeout : null}
      onClose={(_e, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={close}
        closeText={t('dialog.close')}
        action={
          current.action ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                current.action?.onClick()
                close()
              }}
            >
              {current.action.label}
            </Button>
          ) : undefined
        }
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {current.message}
      </Alert>
    </Snackbar>
  )
}
