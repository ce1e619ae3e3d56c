import type { OperatorCost } from '@dropwise/planner'
import type { Item } from '@dropwise/schemas'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { numberFormat } from '../../../lib/format'
import { CostChips } from './cost-chips'
import type { GoalProblem, Side } from './goal-model'

/** What one goal costs: its materials, LMD and EXP. */
export function GoalCost({ cost, itemById, lang }: { cost: OperatorCost; itemById: ReadonlyMap<string, Item>; lang: string }) {
  const { t } = useTranslation()
  const fmt = numberFormat(lang)
  const empty = Object.keys(cost.items).length === 0 && cost.lmd === 0 && cost.exp === 0
  if (empty) return <Typography color="text.secondary">{t('planner.goals.operator.nothing')}</Typography>
  return (
    <Box data-testid="goal-cost">
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {t('planner.goals.operator.cost')}
      </Typography>
      <CostChips items={cost.items} itemById={itemById} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('planner.goals.totals.lmd')}: {fmt.format(cost.lmd)} · {t('planner.goals.totals.exp')}: {fmt.format(cost.exp)}
      </Typography>
    </Box>
  )
}

/** `t` for keys built at run time (a problem's key and its values). */
type LooseT = (key: string, options?: Record<string, unknown>) => string

/** A goal's problem in the page's language. */
export const problemText = (translate: unknown, p: GoalProblem, sideLabel: (s: Side) => string): string => {
  const t = translate as LooseT
  if (p.key === 'other') return t('planner.goals.problem.other', { message: p.message })
  if (p.key === 'targetBelowStart') return t('planner.goals.problem.targetBelowStart')
  const { key, side, ...values } = p
  return `${sideLabel(side)}: ${t(`planner.goals.problem.${key}`, values)}`
}
