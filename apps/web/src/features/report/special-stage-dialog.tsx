import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { bool, shape } from '../../lib/guards'
import { createPersistedStore, useStore } from '../../lib/persisted-store'
import { SPECIAL_DIALOG_COUNTDOWN_S } from './report-draft'

/**
 * Report page options kept on the device. The public client kept the flag in its settings key;
 * the shell's settings parser keeps only its own fields, so it has a key of its own here.
 */
export const REPORT_OPTIONS_KEY = 'dropwise-report-options'
export const reportOptionsStore = createPersistedStore(REPORT_OPTIONS_KEY, shape<{ specialSideStoryDialogRead: boolean }>({ specialSideStoryDialogRead: bool(false) }))
export const useSpecialDialogRead = () => useStore(reportOptionsStore, (s) => s.specialSideStoryDialogRead)

/** Seconds left of a countdown that starts when `running` turns true. */
export const useCountdown = (seconds: number, running: boolean) => {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    if (!running) return
    setLeft(seconds)
    const started = Date.now()
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))
      setLeft(remaining)
      if (remaining === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [seconds, running])
  return left
}

/**
 * The special side-story note (zone act12side_zone1, spec 001 §2): opens on the first stepper
 * change until acknowledged; the confirm button waits 10 s so the note is read.
 */
export function SpecialStageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const left = useCountdown(SPECIAL_DIALOG_COUNTDOWN_S, open)
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="special-stage-title"
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 500 }, 'data-testid': 'special-stage-dialog' } as object }}
    >
      <DialogTitle id="special-stage-title">{t('report.special.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2">{t('report.special.message')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
        <Button
          variant="contained"
          disabled={left > 0}
          onClick={() => {
            reportOptionsStore.set({ specialSideStoryDialogRead: true })
            onClose()
          }}
        >
          {left > 0 ? t('report.special.wait', { seconds: left }) : t('report.special.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
