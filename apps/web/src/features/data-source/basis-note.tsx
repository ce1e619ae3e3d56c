import Info from '@mui/icons-material/InfoOutlined'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../lib/format'
import { formatLongDate } from '../../lib/long-date'
import { useDataSource } from '../../lib/state-hooks'
import { useSampleBasis } from '../../lib/use-sample-basis'

/**
 * What the numbers on a stats page are made of (issue #17): category All includes the history imported
 * from Penguin Statistics (no category, no patterns); Automated and Manual count reports sent here since;
 * simulated demo reports count in none of them. `stageId` null: the whole server (the item page).
 */
export function BasisNote({ stageId }: { stageId: string | null }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const { server, category, source } = useDataSource()
  const basis = useSampleBasis(server, stageId)
  if (!basis.data) return null
  const { imported, reported, simulated } = basis.data
  const n = (v: number) => formatNumber(v, lang)
  // Each count is a phrase of its own ("1 run", "3 runs"): one text holds several, and i18next plurals only one.
  const runs = (v: number) => t('stats.basis.runs', { count: v, n: n(v) })
  const counts = { imported: runs(imported.runs), automated: runs(reported.automated.runs), manual: runs(reported.manual.runs) }
  const history =
    imported.runs > 0 && imported.until !== null
      ? t(stageId ? 'stats.basis.historyStage' : 'stats.basis.historyServer', { ...counts, date: formatLongDate(imported.until, lang) })
      : t('stats.basis.noHistory', counts)
  const table =
    source === 'personal'
      ? t('stats.basis.table.personal')
      : category === 'automated'
        ? t('stats.basis.table.automated')
        : category === 'manual'
          ? t('stats.basis.table.manual')
          : t('stats.basis.table.all')
  const empty = source === 'global' && category !== 'all' && reported[category].reports === 0
  return (
    <Box
      role="note"
      data-testid="basis-note"
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: 'text.primary', px: 1.5, py: 1, borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      <Info fontSize="small" aria-hidden sx={{ mt: 0.25, color: 'info.main' }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" data-testid="basis-history">
          {history}
        </Typography>
        <Typography variant="body2" data-testid="basis-table">
          {table}
          {empty && ` ${t('stats.basis.emptyCategory')}`}
        </Typography>
        {simulated.runs > 0 && (
          <Typography variant="body2" data-testid="basis-simulated">
            {t('stats.basis.simulated', { runs: runs(simulated.runs) })}
          </Typography>
        )}
      </Box>
    </Box>
  )
}
