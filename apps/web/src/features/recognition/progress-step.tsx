import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import type { RecognitionPage } from './use-recognition-page'

/** The recognise step (`step` 1, and 2 after a stop): how far recognition is, how fast it goes, and a way to stop it. */
export function ProgressStep({ page }: { page: RecognitionPage }) {
  const { t } = useTranslation()
  const { session, recognised, total } = page
  const { elapsed, rate, remaining, percent } = page.progress
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <LinearProgress variant="determinate" value={percent} aria-label={t('recognition.progress.label')} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', mt: 1, gap: 1 }}>
        <Typography variant="body2" role="status" data-testid="recognition-progress">
          {t('recognition.progress.count', { done: recognised, total, percent })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('recognition.progress.timing', { elapsed: Math.round(elapsed), rate: rate.toFixed(1), remaining })}
        </Typography>
      </Stack>
      {session.running && (
        <Button size="small" onClick={session.stop} sx={{ mt: 1 }}>
          {t('recognition.progress.stop')}
        </Button>
      )}
      {session.stopped && !session.running && <Alert severity="info">{t('recognition.progress.stopped', { count: total, done: recognised, total })}</Alert>}
    </Paper>
  )
}
