import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { numberFormat } from '../../../lib/format'
import type { FinishForecast } from '@dropwise/planner'
import type { GoalOptions } from './projects'
import type { ForecastState } from './use-forecast'

type OptionKey = keyof GoalOptions
const OPTION_LIMITS: Record<OptionKey, { max: number; integer: boolean }> = {
  dailySanity: { max: 10_000, integer: true },
  potionsPerDay: { max: 100, integer: false },
  primePerDay: { max: 100, integer: false },
}

/** One option, typed: kept while it is a number in range, set back on leaving the field otherwise. */
function OptionField({ name, label, help, value, onChange }: { name: OptionKey; label: string; help: string; value: number; onChange: (v: number) => void }) {
  const [text, setText] = useState(String(value))
  useEffect(() => setText(String(value)), [value])
  const limits = OPTION_LIMITS[name]
  const parse = (raw: string): number | null => {
    const t = raw.normalize('NFKC').trim()
    if (t === '') return null
    const n = Number(t)
    return Number.isFinite(n) && n >= 0 && n <= limits.max && (!limits.integer || Number.isInteger(n)) ? n : null
  }
  const invalid = parse(text) === null
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      error={invalid}
      helperText={invalid ? help : ' '}
      onChange={(e) => {
        setText(e.target.value)
        const n = parse(e.target.value)
        if (n !== null && n !== value) onChange(n)
      }}
      onBlur={() => {
        if (parse(text) === null) setText(String(value))
      }}
      slotProps={{ htmlInput: { inputMode: limits.integer ? 'numeric' : 'decimal', 'data-testid': `goals-forecast-${name}` } }}
      sx={{ width: { xs: '100%', sm: 200 } }}
    />
  )
}

const dateText = (ms: number | undefined, lang: string) =>
  ms === undefined || !Number.isFinite(ms) ? '—' : new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(ms))

function Figures({ f, lang }: { f: FinishForecast; lang: string }) {
  const { t } = useTranslation()
  const whole = numberFormat(lang)
  const days = numberFormat(lang, { maximumFractionDigits: 1 })
  const daysText = (d: number) => (Number.isFinite(d) ? days.format(d) : '∞')
  const cells = [
    { key: 'plan', label: t('planner.goals.forecast.planSanity'), value: whole.format(Math.ceil(f.planSanity)), sub: t('planner.goals.forecast.sanity') },
    {
      key: 'expected',
      label: t('planner.goals.forecast.expected'),
      value: t('planner.goals.forecast.days', { count: Math.ceil(f.expectedDays), days: daysText(f.expectedDays) }),
      sub: `${whole.format(Math.ceil(f.expectedSanity))} ${t('planner.goals.forecast.sanity')} · ${dateText(f.expectedDate, lang)}`,
    },
    {
      key: 'p90',
      label: t('planner.goals.forecast.p90'),
      value: dateText(f.p90Date, lang),
      sub: `${whole.format(Math.ceil(f.p90Sanity))} ${t('planner.goals.forecast.sanity')} · ${t('planner.goals.forecast.days', { count: Math.ceil(f.p90Days), days: daysText(f.p90Days) })}`,
    },
  ]
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1.5 }}>
      {cells.map((c) => (
        <Box key={c.key} data-testid={`goals-forecast-${c.key}`}>
          <Typography variant="caption" color="text.secondary" component="div">
            {c.label}
          </Typography>
          <Typography variant="h5" component="div">
            {c.value}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {c.sub}
          </Typography>
        </Box>
      ))}
    </Stack>
  )
}

/**
 * The finish forecast (issue 39 §5): the player's sanity a day (natural recovery, potions, prime), then the days the
 * plan takes on average and the sanity and date by which it is done with 90 % probability, with what that means in
 * plain words beside the figures.
 */
export function ForecastPanel({
  options,
  onOptions,
  state,
  planState,
  uncoveredNames,
}: {
  options: GoalOptions
  onOptions: (patch: Partial<GoalOptions>) => void
  state: ForecastState
  /** Why there is no forecast yet: the plan is loading, nothing to plan, or the plan failed. */
  planState: 'none' | 'loading' | 'ready' | 'failed'
  uncoveredNames: (ids: string[]) => string
}) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const whole = numberFormat(lang)
  const shown = state.status === 'done' ? state.forecast : state.status === 'running' || state.status === 'failed' ? state.last : null
  const busy = state.status === 'running'
  return (
    <Card component="section" aria-labelledby="goals-forecast-title" data-testid="goals-forecast">
      <CardContent>
        <Typography variant="h6" component="h2" id="goals-forecast-title" sx={{ mb: 1 }}>
          {t('planner.goals.forecast.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <OptionField
            name="dailySanity"
            label={t('planner.goals.forecast.dailySanity')}
            help={t('planner.goals.forecast.dailySanityHelp')}
            value={options.dailySanity}
            onChange={(v) => onOptions({ dailySanity: v })}
          />
          <OptionField
            name="potionsPerDay"
            label={t('planner.goals.forecast.potionsPerDay')}
            help={t('planner.goals.forecast.perDayHelp')}
            value={options.potionsPerDay}
            onChange={(v) => onOptions({ potionsPerDay: v })}
          />
          <OptionField
            name="primePerDay"
            label={t('planner.goals.forecast.primePerDay')}
            help={t('planner.goals.forecast.perDayHelp')}
            value={options.primePerDay}
            onChange={(v) => onOptions({ primePerDay: v })}
          />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
          {t('planner.goals.forecast.optionsNote')}
        </Typography>
        <Box aria-live="polite" aria-busy={busy} data-testid="goals-forecast-result" data-state={state.status}>
          {planState === 'none' && <Typography color="text.secondary">{t('planner.goals.forecast.nothing')}</Typography>}
          {planState === 'loading' && !shown && (
            <Box role="status">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('planner.goals.forecast.waitingPlan')}
              </Typography>
              <LinearProgress />
            </Box>
          )}
          {planState === 'failed' && <Alert severity="warning">{t('planner.goals.forecast.planFailed')}</Alert>}
          {state.status === 'failed' && <Alert severity="error">{t('planner.goals.forecast.failed', { message: state.message })}</Alert>}
          {busy && state.slow && (
            <Box role="status" sx={{ mb: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {t('planner.goals.forecast.running')}
              </Typography>
              <LinearProgress aria-label={t('planner.goals.forecast.running')} />
            </Box>
          )}
          {shown && planState !== 'none' && (
            <Stack spacing={2} sx={{ opacity: busy ? 0.6 : 1 }}>
              <Figures f={shown} lang={lang} />
              <Box component="div" data-testid="goals-forecast-explanation">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {t('planner.goals.forecast.explainPlan', { plan: whole.format(Math.ceil(shown.planSanity)) })}
                </Typography>
                {shown.samples > 0 ? (
                  <>
                    <Typography variant="body2" sx={{ mb: 0.5 }}>
                      {t('planner.goals.forecast.explainExpected', {
                        samples: whole.format(shown.samples),
                        expected: whole.format(Math.ceil(shown.expectedSanity)),
                        days: numberFormat(lang, { maximumFractionDigits: 1 }).format(shown.expectedDays),
                        perDay: whole.format(shown.sanityPerDay),
                      })}
                    </Typography>
                    <Typography variant="body2" sx={{ mb: 0.5 }}>
                      {t('planner.goals.forecast.explainP90', { p90: whole.format(Math.ceil(shown.p90Sanity)), date: dateText(shown.p90Date, lang) })}
                    </Typography>
                  </>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('planner.goals.forecast.noSimulation')}
                  </Typography>
                )}
                {shown.uncovered.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('planner.goals.forecast.uncovered', { items: uncoveredNames(shown.uncovered) })}
                  </Typography>
                )}
              </Box>
            </Stack>
          )}
        </Box>
      </CardContent>
    </Card>
  )
}
