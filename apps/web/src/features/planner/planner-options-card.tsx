import Calculate from '@mui/icons-material/Calculate'
import FilterAlt from '@mui/icons-material/FilterAlt'
import ImportExport from '@mui/icons-material/ImportExport'
import RestartAlt from '@mui/icons-material/RestartAlt'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { CALCULATE_HINTS } from './calculate-labels'
import { canCalculate, type CalculateButtonState } from './calculate-state'
import { OPTION_KEYS, type PlannerState } from './planner-state'

export type PlannerDialog = 'exclude' | 'io' | 'reset'

/** The options switches, the buttons that open the dialogs, and the Calculate button with its hint. */
export function PlannerOptionsCard({
  state,
  update,
  onDialog,
  button,
  buttonLabel,
  onCalculate,
  onShowResult,
}: {
  state: PlannerState
  update: (next: (s: PlannerState) => PlannerState) => void
  onDialog: (dialog: PlannerDialog) => void
  button: CalculateButtonState
  buttonLabel: string
  onCalculate: () => void
  onShowResult: () => void
}) {
  const { t } = useTranslation()
  return (
    <Card component="section" aria-labelledby="planner-options-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="planner-options-title" sx={{ mb: 1 }}>
          {t('planner.options.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {OPTION_KEYS.map((key) => (
            <FormControlLabel
              key={key}
              control={<Switch checked={state.options[key]} onChange={(e) => update((s) => ({ ...s, options: { ...s.options, [key]: e.target.checked } }))} />}
              label={t(`planner.options.${key}`)}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<FilterAlt />} onClick={() => onDialog('exclude')}>
            {t('planner.exclude.open', { count: state.excludes.length })}
          </Button>
          <Button variant="outlined" startIcon={<ImportExport />} onClick={() => onDialog('io')} data-testid="planner-open-io">
            {t('planner.io.title')}
          </Button>
          <Button variant="outlined" color="error" startIcon={<RestartAlt />} onClick={() => onDialog('reset')} data-testid="planner-open-reset">
            {t('planner.reset.title')}
          </Button>
          <Button
            variant="contained"
            startIcon={button === 'pending' ? <CircularProgress size={18} color="inherit" aria-hidden /> : <Calculate />}
            disabled={!canCalculate(button)}
            onClick={onCalculate}
            aria-describedby="planner-calculate-hint"
            data-testid="planner-calculate"
            data-state={button}
          >
            {buttonLabel}
          </Button>
          {button === 'done' && (
            <Button onClick={onShowResult} data-testid="planner-show-result">
              {t('planner.actions.showResult')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" id="planner-calculate-hint" sx={{ mt: 1 }} data-testid="planner-calculate-hint">
          {t(CALCULATE_HINTS[button])}
        </Typography>
      </CardContent>
    </Card>
  )
}
