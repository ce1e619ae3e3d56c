import type { Item } from '@dropwise/schemas'
import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
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
  return (
    <Box component="section" aria-labelledby="planner-items-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2" id="planner-items-title">
          {t('planner.items.title', { count: demanded })}
        </Typography>
        <TextField size="small" type="search" label={t('planner.items.filter')} value={filter} onChange={(e) => onFilter(e.target.value)} />
      </Stack>
      {loading && <LinearProgress aria-label={t('planner.live.loadingData')} />}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}>
        {items.map((item) => {
          const { have, need } = countOf(state, item.itemId)
          return <ItemStepper key={item.itemId} item={item} name={itemName(item.itemId)} have={have} need={need} onSet={onSet} />
        })}
      </Box>
    </Box>
  )
}
