import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { env } from '../../config/env'

export function Footer() {
  const { t } = useTranslation()
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{t('footer.version', { app: t('app.name'), version: env.appVersion, commit: env.commit })}</Typography>
      <Typography variant="body2">
        {t('footer.license')}{' '}
        <Link color="inherit" underline="always" href="https://creativecommons.org/licenses/by-nc/4.0/" target="_blank" rel="noreferrer noopener">
          {t('footer.licenseLink')}
        </Link>
        {' · '}
        <Link color="inherit" underline="always" href="https://penguin-stats.io" target="_blank" rel="noreferrer noopener">
          Penguin Statistics
        </Link>
      </Typography>
    </Box>
  )
}
