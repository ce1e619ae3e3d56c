import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { useAuth } from '../../lib/state-hooks'
import { sendDefect, type DefectEnvironment } from './defect'
import { EvidenceOverlay } from './evidence-overlay'
import type { JudgedImage } from './rec-image'

const NOTICE_MS = 10_000

/** Defect feedback for one result: shows what will be sent, then init + upload (logged-in users, spec 001 §6). */
export function DefectDialog({ image, environment, onClose }: { image: JudgedImage | null; environment: DefectEnvironment; onClose: () => void }) {
  const { t } = useTranslation()
  const { username } = useAuth()
  const [progress, setProgress] = useState<number | null>(null)
  const payload = image ? { ...image.result, exceptions: image.exceptions, failure: image.failure, fileName: image.file.name } : null

  const send = async () => {
    if (!image) return
    setProgress(0)
    try {
      await sendDefect(payload, environment, image.file, setProgress)
      snackbar.show(t('recognition.defect.sent'), { severity: 'success', timeout: NOTICE_MS })
      onClose()
    } catch (err) {
      snackbar.show(t('recognition.defect.failed', { message: err instanceof Error ? err.message : String(err) }), { severity: 'error', timeout: NOTICE_MS })
    } finally {
      setProgress(null)
    }
  }

  return (
    <Dialog open={image !== null} onClose={progress === null ? onClose : undefined} fullWidth maxWidth="md" aria-labelledby="recognition-defect-title">
      <DialogTitle id="recognition-defect-title">{t('recognition.defect.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('recognition.defect.intro')}
        </Typography>
        {image && <EvidenceOverlay src={image.url} alt={image.file.name} result={image.result} />}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('recognition.defect.result')}
        </Typography>
        <Box component="pre" tabIndex={0} sx={{ maxHeight: 240, overflow: 'auto', fontSize: 12, bgcolor: 'action.hover', p: 1, borderRadius: 1 }}>
          {JSON.stringify(payload, (k, v: unknown) => (k === 'evidence' ? undefined : v), 2)}
        </Box>
        <Typography variant="subtitle2" component="h3">
          {t('recognition.defect.environment')}
        </Typography>
        <Box component="pre" tabIndex={0} sx={{ fontSize: 12, bgcolor: 'action.hover', p: 1, borderRadius: 1, overflow: 'auto' }}>
          {JSON.stringify(environment, null, 2)}
        </Box>
        {!username && <Alert severity="info">{t('recognition.defect.loginRequired')}</Alert>}
        {progress !== null && <LinearProgress variant="determinate" value={progress * 100} aria-label={t('recognition.defect.sending')} sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={progress !== null}>
          {t('recognition.defect.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!username || progress !== null}>
          {progress !== null ? t('recognition.defect.sending') : t('recognition.defect.send')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
