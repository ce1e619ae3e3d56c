import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from './field'
import { intervalLabelKey } from './labels'
import { INTERVAL_OPTIONS_MS, MAX_TREND_SECTIONS, trendSections, type QueryDraft, type QueryKind } from './query-model'
import { draftWindow, fittingInterval } from './trend-interval'
import { numberFormat } from '../../lib/format'

/**
 * Query type and, for a trend, its interval with the number of intervals it makes. An interval that
 * makes more than the server allows is marked, and the shortest one that fits is one click away.
 */
export function KindControls({ draft, onChange }: { draft: QueryDraft; onChange: (patch: Partial<QueryDraft>) => void }) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const { start, end } = draftWindow(draft, Date.now())
  const sections = end > start ? trendSections(start, end, draft.intervalMs) : 0
  const tooMany = sections > MAX_TREND_SECTIONS
  const fitting = tooMany ? fittingInterval(start, end, draft.intervalMs) : null
  const count = numberFormat(i18n.language).format(sections)

  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <Field label={t('advanced.query.kind')} id={`${id}-kind`}>
        <ToggleButtonGroup size="small" exclusive value={draft.kind} onChange={(_e, v: QueryKind | null) => v && onChange({ kind: v })} aria-labelledby={`${id}-kind`}>
          <ToggleButton value="matrix" data-testid="advanced-kind-matrix">
            {t('advanced.query.matrix')}
          </ToggleButton>
          <ToggleButton value="trend" data-testid="advanced-kind-trend">
            {t('advanced.query.trend')}
          </ToggleButton>
        </ToggleButtonGroup>
        <FormHelperText>{draft.kind === 'trend' ? t('advanced.query.trendHint') : t('advanced.query.matrixHint')}</FormHelperText>
      </Field>
      {draft.kind === 'trend' && (
        <Stack spacing={1} sx={{ mt: 3, alignItems: 'flex-start', minWidth: 0 }}>
          <TextField
            select
            size="small"
            sx={{ minWidth: 160 }}
            label={t('advanced.query.interval')}
            value={draft.intervalMs}
            onChange={(e) => onChange({ intervalMs: Number(e.target.value) })}
            error={tooMany}
            helperText={
              <span data-testid="advanced-interval-count" data-count={sections}>
                {tooMany
                  ? t('advanced.query.intervalTooMany', { count, n: count, max: MAX_TREND_SECTIONS })
                  : t('advanced.query.intervalCount', { count, n: count, max: MAX_TREND_SECTIONS })}
              </span>
            }
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'advanced-interval' } as object } }}
          >
            {INTERVAL_OPTIONS_MS.map((ms) => (
              <MenuItem key={ms} value={ms}>
                {t(intervalLabelKey(ms))}
              </MenuItem>
            ))}
          </TextField>
          {fitting !== null && (
            <Button size="small" variant="outlined" onClick={() => onChange({ intervalMs: fitting })} data-testid="advanced-interval-fix">
              {t('advanced.query.useInterval', { interval: t(intervalLabelKey(fitting)) })}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  )
}
