import Science from '@mui/icons-material/Science'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'

/** The caption of a view that simulated demo reports fill (patterns, trends): said on the view itself (issue #17). */
export function SimulatedCaption() {
  const { t } = useTranslation()
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', mb: 1 }} data-testid="simulated-caption">
      <Science fontSize="small" aria-hidden sx={{ color: 'warning.main' }} />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('charts.simulated')}
      </Typography>
    </Box>
  )
}
