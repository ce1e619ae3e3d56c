import type { Item } from '@dropwise/schemas'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { localized } from '../../lib/i18n'
import { itemFor } from './goals/operator-label'
import { ItemStepper } from './planner-item-card'
import { BATTLE_RECORD_IDS, countOf, EXP_POINTS_ID, GOAL_ITEM_IDS, isGoalCount, LMD_ID, type PlannerState } from './planner-state'

const GRID_SX = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' } as const
const ORDER = [...[...GOAL_ITEM_IDS].filter((id) => !(BATTLE_RECORD_IDS as readonly string[]).includes(id)), ...BATTLE_RECORD_IDS]

/**
 * The counts only a goals plan plans (Skill Summaries, chips, dual chips, the Chip Catalyst, battle records, LMD and
 * EXP), shown while the state holds any, as the Goals page's "plan the rest" puts them here: the player sees and can
 * change what the plan covers, and they stay in the state like every other count.
 */
export function GoalItemsSection({
  state,
  itemById,
  onSet,
}: {
  state: PlannerState
  itemById: ReadonlyMap<string, Item>
  onSet: (id: string, patch: { have?: number; need?: number }) => void
}) {
  const { t, i18n } = useTranslation()
  if (!state.items.some((i) => isGoalCount(i.id))) return null
  const name = (item: Item) => localized(item.name_i18n, item.name, i18n.language)
  const standIn = (id: string, label: string): Item => ({ ...itemFor(id, itemById, t), name: label, name_i18n: { zh: label, en: label, ja: label, ko: label } })
  const items = [...ORDER.map((id) => itemFor(id, itemById, t)), standIn(LMD_ID, t('planner.goalItems.lmd')), standIn(EXP_POINTS_ID, t('planner.goalItems.exp'))]
  return (
    <Box component="section" aria-labelledby="planner-goal-items-title" data-testid="planner-goal-items">
      <Typography variant="h6" component="h2" id="planner-goal-items-title">
        {t('planner.goalItems.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('planner.goalItems.note')}
      </Typography>
      <Box component="ul" sx={GRID_SX}>
        {items.map((item) => {
          const { have, need } = countOf(state, item.itemId)
          return <ItemStepper key={item.itemId} item={item} name={name(item)} have={have} need={need} onSet={onSet} />
        })}
      </Box>
    </Box>
  )
}
