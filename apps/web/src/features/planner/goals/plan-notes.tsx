import Alert from '@mui/material/Alert'
import { useTranslation } from 'react-i18next'
import type { NeedRow } from './goal-model'

/** What "plan the rest" leaves to the player: what no plan can make (module tokens), and the Chip Catalysts to buy. */
export function PlanNotes({ notPlanned, purchases, itemName }: { notPlanned: readonly NeedRow[]; purchases: number; itemName: (id: string) => string }) {
  const { t } = useTranslation()
  return (
    <>
      {notPlanned.length > 0 && (
        <Alert severity="info" data-testid="goals-not-planned">
          {t('planner.goals.plan.notPlanned', { items: notPlanned.map((r) => `${itemName(r.id)} × ${r.missing}`).join(', ') })}
        </Alert>
      )}
      {purchases > 0 && (
        <Alert severity="warning" data-testid="goals-buy" data-count={purchases}>
          {t('planner.result.buyCatalysts', { count: purchases })}
        </Alert>
      )}
    </>
  )
}
