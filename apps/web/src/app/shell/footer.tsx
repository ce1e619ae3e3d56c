import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { env } from '../../config/env'

/** An underlined link in the text's colour (MUI Link's look, without its module on the first load). */
const LINK_SX = { color: 'inherit', textDecoration: 'underline', '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 } } as const

export function Footer() {
  const { t } = useTranslation()
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{t('footer.version', { app: t('app.name'), version: env.appVersion, commit: env.commit })}</Typography>
      <Typography variant="body2">
        {t('footer.license')}{' '}
        <Box component="a" sx={LINK_SX} href="https://creativecommons.org/licenses/by-nc/4.0/" target="_blank" rel="noreferrer noopener">
          {t('footer.licenseLink')}
        </Box>
        {' · '}
        <Box component="a" sx={LINK_SX} href="https://penguin-stats.io" target="_blank" rel="noreferrer noopener">
          Penguin Statistics
        </Box>
      </Typography>
    </Box>
  )
}
