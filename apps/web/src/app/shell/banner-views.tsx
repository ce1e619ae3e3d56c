import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { useTranslation } from 'react-i18next'
import { mirrorStore } from '../../lib/state'

export function MirrorBannerView({ url, host, onClose }: { url: string; host: string; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert
      severity="info"
      square
      sx={{ borderRadius: 0 }}
      onClose={onClose}
      closeText={t('dialog.close')}
      action={
        <>
          <Button color="inherit" size="small" href={url}>
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
