import type { PlanSuccess } from '@dropwise/planner'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { formatNumber } from '../../lib/format'
import { useDataSource } from '../../lib/state-hooks'
import { useGuideValues } from './get-guide-values'
import { useNames, type Lookup } from './plan-parts'
import type { PlannerState } from './planner-state'

/** Decimals of a value: 91.64, 0.0036 (as the planner prints them: 2, or 5 below 0.1). */
const valueDigits = (v: number) => (Math.abs(v) < 0.1 ? 5 : 2)

const GRID = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto auto', columnGap: 2, alignItems: 'center' } as const

/** What the plan's values are, and the options behind them and behind the guide's. */
function ValuesExplanation({ state }: { state: PlannerState }) {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const yes = (on: boolean) => (on ? t('planner.values.valued') : t('planner.values.notValued'))
  return (
    <Stack spacing={1} data-testid="planner-values-explanation">
      <Typography variant="body2">{t('planner.values.what')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('planner.values.differs')}
      </Typography>
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 500 }, '& dd': { m: 0, mb: 0.5, color: 'text.secondary' } }}>
        <Typography variant="body2" component="dt">
          {t('planner.values.planOptionsTerm')}
        </Typography>
        <Typography variant="body2" component="dd" data-testid="planner-values-plan-options">
          {t('planner.values.planOptions', {
            server: t(`server.servers.${server}`),
            lmd: yes(state.options.requireLmb),
            exp: yes(state.options.requireExp),
            byProducts: state.options.byProduct ? t('planner.values.counted') : t('planner.values.notCounted'),
            excluded: formatNumber(state.excludes.length, i18n.language),
          })}
        </Typography>
        <Typography variant="body2" component="dt">
          {t('planner.values.guideOptionsTerm')}
        </Typography>
        <Typography variant="body2" component="dd" data-testid="planner-values-guide-options">
          {t('planner.values.guideOptions', { server: t(`server.servers.${server}`) })}
        </Typography>
      </Box>
    </Stack>
  )
}

/**
 * The plan's item values (the LP's shadow prices for this plan's needs, by rarity) beside the guide's value of
 * each item, with what each answers.
 */
export function PlanValues({ plan, lookup, state }: { plan: PlanSuccess; lookup: Lookup; state: PlannerState }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const names = useNames(lookup)
  const { server } = useDataSource()
  const guide = useGuideValues(server)
  const guideValue = useMemo(() => new Map((guide.data?.values ?? []).map((v) => [v.itemId, v.value])), [guide.data])
  const levels = plan.values.map((l) => ({ ...l, items: l.items.filter((i) => Number.parseFloat(i.value) !== 0) })).filter((l) => l.items.length > 0)
  if (levels.length === 0) return <Alert severity="info">{t('planner.result.noValues')}</Alert>
  const guideCell = (id: string) => {
    if (guide.isPending) return '…'
    const v = guideValue.get(id)
    return v === undefined || v <= 0 ? '–' : formatNumber(v, lang, valueDigits(v))
  }
  return (
    <Stack spacing={2} data-testid="planner-values">
      <ValuesExplanation state={state} />
      {guide.error && <Alert severity="warning">{t('planner.values.guideFailed')}</Alert>}
      {levels.map((level) => (
        <Box key={level.level} component="section" aria-label={t('planner.result.level', { level: level.level })}>
          <Box sx={{ ...GRID, borderBottom: 1, borderColor: 'divider', pb: 0.5 }}>
            <Typography variant="subtitle2" component="h3">
              {t('planner.result.level', { level: level.level })}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
              {t('planner.values.planColumn')}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
              {t('planner.values.guideColumn')}
            </Typography>
          </Box>
          {level.items.map((i) => {
            const item = lookup.item(i.name)
            return (
              <Box key={i.name} sx={{ ...GRID, py: 0.5, borderBottom: 1, borderColor: 'divider' }} data-testid="planner-value-row" data-item-id={i.name}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  {item && <ItemIcon item={item} size={24} />}
                  <Link component={RouterLink} to={paths.statsByItemSelected.href(i.name)} underline="hover" sx={{ overflowWrap: 'anywhere' }}>
                    {names.item(i.name)}
                  </Link>
                </Stack>
                <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-testid="planner-value-plan">
                  {formatNumber(Number.parseFloat(i.value), lang, valueDigits(Number.parseFloat(i.value)))}
                </Typography>
                <Link
                  component={RouterLink}
                  to={paths.guide.href(i.name)}
                  variant="body2"
                  underline="hover"
                  sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  data-testid="planner-value-guide"
                  data-value={guideValue.get(i.name) ?? ''}
                >
                  {guideCell(i.name)}
                </Link>
              </Box>
            )
          })}
        </Box>
      ))}
    </Stack>
  )
}
