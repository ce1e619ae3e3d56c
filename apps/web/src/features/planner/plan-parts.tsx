import type { PlannerFormula } from '@dropwise/planner'
import type { Item, Stage } from '@dropwise/schemas'
import Chip from '@mui/material/Chip'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { localized } from '../../lib/i18n'

/** What the plan views look up by id: items and stages, and the recipe of a crafted item when loaded. */
export interface Lookup {
  item: (id: string) => Item | undefined
  stage: (id: string) => Stage | undefined
  formula: (id: string) => PlannerFormula | undefined
}

export const useNames = (lookup: Lookup) => {
  const { i18n } = useTranslation()
  return {
    item: (id: string) => {
      const item = lookup.item(id)
      return item ? localized(item.name_i18n, item.name, i18n.language) : id
    },
    stage: (id: string) => {
      const stage = lookup.stage(id)
      return stage ? localized(stage.code_i18n, stage.code, i18n.language) : id
    },
  }
}

/** An item with an amount, linking to the item's statistics. */
export function ItemChip({ id, amount, lookup }: { id: string; amount: string; lookup: Lookup }) {
  const names = useNames(lookup)
  const item = lookup.item(id)
  return (
    <Chip
      component={RouterLink}
      to={paths.statsByItemSelected.href(id)}
      clickable
      variant="outlined"
      avatar={item ? <ItemIcon item={item} size={24} /> : undefined}
      label={`${names.item(id)} × ${amount}`}
      sx={{ mr: 0.5, mb: 0.5 }}
    />
  )
}
