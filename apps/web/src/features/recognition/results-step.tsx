import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import type { Outcome } from './image-outcome'
import { ResultCard, STATUS_KEYS } from './result-card'
import type { RecognitionPage } from './use-recognition-page'

/**
 * The recognise and confirm steps (`step` 1 and 2): the overview figures, the outcome filter, a card per screenshot and, once
 * recognition is over, the bar that confirms the selection.
 */
export function ResultsStep({ page }: { page: RecognitionPage }) {
  const { t } = useTranslation()
  const { session, server, items, step, total, counts, avgMs, filter, setFilter, shown, showBoxes, setShowBoxes, selected, setOpened, setDefectFor, setConfirmed } = page
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="recognition-overview">
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(6, 1fr)' }, gap: 1, m: 0 }}>
          {(
            [
              ['recognition.overview.total', String(total)],
              ['recognition.overview.success', String(counts.success)],
              ['recognition.overview.warning', String(counts.warning)],
              ['recognition.overview.error', String(counts.error)],
              ['recognition.overview.server', t(`server.servers.${server}`)],
              ['recognition.overview.average', t('recognition.overview.ms', { ms: avgMs.toFixed(2) })],
            ] as const
          ).map(([k, v]) => (
            <Box key={k}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(k)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          sx={{
            flexWrap: 'wrap',
            '& .MuiToggleButton-root': { color: 'text.primary' },
            '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': { color: 'primary.contrastText', bgcolor: 'primary.main' },
          }}
          exclusive
          value={filter}
          onChange={(_e, v: Outcome | 'all' | null) => v && setFilter(v)}
          aria-label={t('recognition.filter.label')}
        >
          <ToggleButton value="all">{t('recognition.filter.all', { count: total })}</ToggleButton>
          <ToggleButton value="success">{t('recognition.filter.success', { count: counts.success })}</ToggleButton>
          <ToggleButton value="warning">{t('recognition.filter.warning', { count: counts.warning })}</ToggleButton>
          <ToggleButton value="error">{t('recognition.filter.error', { count: counts.error })}</ToggleButton>
        </ToggleButtonGroup>
        <FormControlLabel control={<Switch checked={showBoxes} onChange={(e) => setShowBoxes(e.target.checked)} />} label={t('recognition.overlay.show')} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {shown.map((im) =>
          im.result || im.failure ? (
            <ResultCard
              key={im.id}
              image={im}
              items={items}
              showBoxes={showBoxes}
              onToggle={session.decide}
              onOpen={setOpened}
              onDefect={setDefectFor}
              locked={session.upload !== null}
            />
          ) : (
            <Paper key={im.id} variant="outlined" sx={{ p: 2 }} data-testid="recognition-pending">
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {im.file.name}
              </Typography>
              <Chip size="small" sx={{ mt: 1 }} label={t(STATUS_KEYS[im.status])} />
            </Paper>
          ),
        )}
      </Box>
      {step === 2 && (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, position: { xs: 'static', sm: 'sticky' }, bottom: 8, zIndex: 1 }}>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => session.decideAll(null)}>{t('recognition.confirm.selectSuccessful')}</Button>
            <Button onClick={() => session.decideAll(false)}>{t('recognition.confirm.selectNone')}</Button>
            <Button onClick={session.reset}>{t('recognition.report.again')}</Button>
            <Button variant="contained" disabled={selected.length === 0} onClick={() => setConfirmed(true)} data-testid="recognition-confirm">
              {t('recognition.confirm.next', { count: selected.length })}
            </Button>
          </Stack>
          {selected.length === 0 && (
            <Typography variant="caption" color="text.secondary">
              {t('recognition.confirm.nothingSelected')}
            </Typography>
          )}
        </Paper>
      )}
    </>
  )
}
