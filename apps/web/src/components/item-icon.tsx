import Box from '@mui/material/Box'
import type { Item } from '@dropwise/schemas'
import { useTranslation } from 'react-i18next'
import { localized } from '../lib/i18n'
import { drawnIcon, drawnIconStyle } from './drawn-item-icon'
import { chooseIconArt, RARITY_COLORS, useArtState } from './item-art'

/**
 * An item icon: the game's art when the server has it, else a drawn icon on a rarity-coloured tile
 * (a shape, a colour and letters of the name in the UI language, different for every item).
 * The name is its accessible name and hover title; where no pointer hovers, callers show it as text.
 * The item's own background goes inline: as classes, each item's cell was a CSS rule of its own,
 * inserted into the page's stylesheet as the icon first rendered.
 */
export function ItemIcon({ item, size = 48 }: { item: Item; size?: number }) {
  const { i18n } = useTranslation()
  const { sheet, fallbackUrl } = useArtState()
  const art = chooseIconArt(item, size, sheet, fallbackUrl)
  const name = localized(item.name_i18n, item.name, i18n.language)
  const drawn = art.kind === 'drawn' ? drawnIcon(item.itemId, name) : null
  return (
    <Box
      role="img"
      aria-label={name}
      title={name}
      data-art={art.kind}
      // What the drawn icon shows, for tests and whoever inspects the page (the image has no DOM of its own).
      data-drawn={drawn ? `${drawn.sides}${drawn.turned ? 't' : ''} ${drawn.hue} ${drawn.text}` : undefined}
      sx={{ width: size, height: size, borderRadius: 1.5, flexShrink: 0, backgroundRepeat: 'no-repeat' }}
      style={{
        // The game's art brings its own frame; the drawn icons sit on the item's rarity colour.
        backgroundColor: art.kind === 'art' ? 'transparent' : (RARITY_COLORS[item.rarity] ?? RARITY_COLORS[0]),
        ...(art.kind === 'art' || art.kind === 'sprite' ? art.style : art.kind === 'blank' ? { opacity: 0.4 } : drawn ? drawnIconStyle(drawn) : undefined),
      }}
    />
  )
}
