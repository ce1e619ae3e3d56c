import Box from '@mui/material/Box'
import type { HTMLAttributes } from 'react'
import type { Item } from '@dropwise/schemas'
import { ItemIcon } from './item-icon'

/** One item in an Autocomplete list (its `renderOption`): the icon, decorative, and the name. `props` are the option's own. */
export function ItemOption({ props, item, name, ...data }: { props: HTMLAttributes<HTMLLIElement>; item: Item; name: string } & { [attr: `data-${string}`]: string }) {
  return (
    <Box component="li" {...props} sx={{ display: 'flex', gap: 1, alignItems: 'center' }} {...data}>
      <Box aria-hidden sx={{ display: 'flex' }}>
        <ItemIcon item={item} size={24} />
      </Box>
      {name}
    </Box>
  )
}
