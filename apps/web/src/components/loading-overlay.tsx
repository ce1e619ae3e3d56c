import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'

/** Shown while a lazy route's code loads. */
export function LoadingOverlay() {
  const { t } = useTranslation()
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }} data-testid="route-loading">
      <CircularProgress aria-hidden />
      <Typography variant="h6">{t('fetch.chunk.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('fetch.chunk.subtitle')}
      </Typography>
    </Box>
  )
}
