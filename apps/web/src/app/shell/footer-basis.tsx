import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../lib/format'
import { formatLongDate } from '../../lib/long-date'
import { useDataSource } from '../../lib/state-hooks'
import { useSampleBasis } from '../../lib/use-sample-basis'

/**
 * What the drop figures stand on, with its date (issue 40): the Penguin Statistics history (the seed's import,
 * or the upstream's answer when the server follows one) up to when it was fetched, plus the runs reported here.
 */
export function BasisLine() {
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
