import type { Item } from '@dropwise/schemas'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import { useTranslation } from 'react-i18next'
import { ItemIcon } from '../../../components/item-icon'
import { numberFormat } from '../../../lib/format'
import { localized } from '../../../lib/i18n'
import { itemFor } from './operator-label'

/** Items in the game's order (the item list's sortId), ids the list does not have last. */
export const byItemOrder = (byId: ReadonlyMap<string, Item>) => (a: string, b: string) =>
  (byId.get(a)?.sortId ?? Number.MAX_SAFE_INTEGER) - (byId.get(b)?.sortId ?? Number.MAX_SAFE_INTEGER) || a.localeCompare(b)

/** Materials with their counts, each with its icon and name (the name as text too: no hover on a phone). */
export function CostChips({ items, itemById }: { items: Readonly<Record<string, number>>; itemById: ReadonlyMap<string, Item> }) {
  const { t, i18n } = useTranslation()
  const fmt = numberFormat(i18n.language)
  const ids = Object.keys(items)
    .filter((id) => (items[id] ?? 0) > 0)
    .sort(byItemOrder(itemById))
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {ids.map((id) => {
        const item = itemFor(id, itemById, t)
        const name = localized(item.name_i18n, item.name, i18n.language)
        return (
          <li key={id}>
            <Chip
              variant="outlined"
              size="small"
              avatar={
                <Box aria-hidden sx={{ display: 'flex' }}>
                  <ItemIcon item={item} size={20} />
                </Box>
              }
              label={`${name} × ${fmt.format(items[id] ?? 0)}`}
              data-item-id={id}
              sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
            />
          </li>
        )
      })}
    </Box>
  )
}
