import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { EvidenceOverlay } from './evidence-overlay'
import type { JudgedImage } from './rec-image'

/** One screenshot at full width with the boxes of what was read on it. */
export function EvidenceDialog({ openedImage, showBoxes, onClose }: { openedImage: JudgedImage | null; showBoxes: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog open={openedImage !== null} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="recognition-image-title">
      <DialogTitle id="recognition-image-title" sx={{ wordBreak: 'break-all' }}>
        {openedImage?.file.name}
      </DialogTitle>
      <DialogContent>
        {openedImage && <EvidenceOverlay src={openedImage.url} alt={openedImage.file.name} result={openedImage.result} showBoxes={showBoxes} />}
        <Typography variant="caption" color="text.secondary">
          {t('recognition.overlay.legend')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('recognition.overlay.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
