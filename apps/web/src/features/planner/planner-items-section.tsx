import type { Item } from '@dropwise/schemas'
import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { memo, useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { useStepwise } from '../../lib/stepwise'
import { ItemStepper } from './planner-item-card'
import { countOf, type PlannerState } from './planner-state'

/** The items to plan for: how many are demanded, a name filter, and a have/need stepper per item. */
export function PlannerItemsSection({
  state,
  items,
  loading,
  demanded,
  filter,
  onFilter,
  itemName,
  onSet,
}: {
  state: PlannerState
  /** The items the filter leaves. */
  items: readonly Item[]
  /** The item list is not there yet. */
  loading: boolean
  demanded: number
  filter: string
  onFilter: (filter: string) => void
  itemName: (id: string) => string
  onSet: (id: string, patch: { have?: number; need?: number }) => void
}) {
  const { t } = useTranslation()
  // The list (a stepper per item, over a hundred) renders from a deferred copy: when the items arrive
  // (or the names, or the filter changes), React draws it in slices that leave the main thread free,
  // and the page's other renders (each answer as it arrives, in a blocking render) pass it by. The
  // counts stay immediate: they are what a stepper shows as it is used.
  const grid = useDeferredValue({ items, itemName })
  return (
    <Box component="section" aria-labelledby="planner-items-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2" id="planner-items-title">
          {t('planner.items.title', { count: demanded })}
        </Typography>
        <TextField size="small" type="search" label={t('planner.items.filter')} value={filter} onChange={(e) => onFilter(e.target.value)} />
      </Stack>
      {loading && <LinearProgress aria-label={t('planner.live.loadingData')} />}
      <ItemGrid {...grid} state={state} onSet={onSet} />
    </Box>
  )
}

const ItemGrid = memo(function ItemGrid({
  state,
  items,
  itemName,
  onSet,
}: {
  state: PlannerState
  items: readonly Item[]
  itemName: (id: string) => string
  onSet: (id: string, patch: { have?: number; need?: number }) => void
}) {
  const shown = useStepwise(items.length, CARDS_PER_STEP)
  return (
    <Box component="ul" sx={GRID_SX}>
      {items.slice(0, shown).map((item) => {
        const { have, need } = countOf(state, item.itemId)
        return <ItemStepper key={item.itemId} item={item} name={itemName(item.itemId)} have={have} need={need} onSet={onSet} />
      })}
    </Box>
  )
})

/**
 * Cards a render adds (lib/stepwise.ts): about two phone screens' worth. With MUI's TextField and IconButtons
 * a card was about a hundred React components, and the whole list, drawn at once, one task of 150-300 ms on
 * this machine's CPU, unthrottled. The steppers are plain elements now (number-stepper.tsx: about 25
 * components a card) and the list is drawn about 2.5 times faster; the steps keep each task short.
 */
const CARDS_PER_STEP = 12

const GRID_SX = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' } as const
