import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { env } from '../../config/env'
import { formatNumber } from '../../lib/format'
import { formatLongDate } from '../../lib/long-date'
import { useDataSource } from '../../lib/state-hooks'
import { useSampleBasis } from '../../lib/use-sample-basis'

/** An underlined link in the text's colour (MUI Link's look, without its module on the first load). */
const LINK_SX = { color: 'inherit', textDecoration: 'underline', '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 } } as const

/**
 * What the drop figures stand on, with its date (issue 40): the Penguin Statistics history (the seed's import,
 * or the upstream's answer when the server follows one) up to when it was fetched, plus the runs reported here.
 */
function BasisLine() {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const basis = useSampleBasis(server, null)
  if (!basis.data) return null
  const { imported, reported } = basis.data
  const runs = reported.automated.runs + reported.manual.runs
  const n = formatNumber(runs, i18n.language)
  const text =
    imported.until === null ? t('footer.basisLocal', { count: runs, n }) : t('footer.basis', { count: runs, n, date: formatLongDate(imported.until, i18n.language) })
  return (
    <Typography variant="body2" data-testid="footer-basis">
      {text}
    </Typography>
  )
}

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
      {/* Last: it arrives after the first paint (`/basis`), and nothing below it moves when it does. */}
      <BasisLine />
    </Box>
  )
}
