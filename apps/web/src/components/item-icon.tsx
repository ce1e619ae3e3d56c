import Box from '@mui/material/Box'
import type { Item } from '@dropwise/schemas'
import { useTranslation } from 'react-i18next'
import { localized } from '../lib/i18n'
import { useSettings } from '../lib/state-hooks'

/** The project's own sheet (6 × 19 cells); a real-art sheet uses Penguin Statistics' geometry. */
export const SPRITE = { url: '/sprite/items.svg', cols: 6, rows: 19 }
/** Cell used for items without a sprite coordinate. */
export const FALLBACK_COORD: [number, number] = [5, 18]
export const RARITY_COLORS = ['#9e9e9e', '#c0ca33', '#42a5f5', '#ab47bc', '#ffb300', '#ff7043'] as const

export const spriteStyle = (coord: [number, number] | undefined, size: number, url: string) => {
  const [x, y] = coord ?? FALLBACK_COORD
  return {
    backgroundImage: `url("${url}")`,
    backgroundSize: `${SPRITE.cols * size}px ${SPRITE.rows * size}px`,
    backgroundPosition: `${-x * size}px ${-y * size}px`,
  }
}

/** An item icon addressed by its sprite coordinate, on a rarity-coloured tile. */
export function ItemIcon({ item, size = 48, spriteUrl }: { item: Item; size?: number; spriteUrl?: string | undefined }) {
  const { i18n } = useTranslation()
  const iconSprite = useSettings((s) => s.iconSprite)
  const url = iconSprite || spriteUrl || SPRITE.url
  const name = localized(item.name_i18n, item.name, i18n.language)
  return (
    <Box
      role="img"
      aria-label={name}
      title={name}
      sx={{
        width: size,
        height: size,
        borderRadius: 1.5,
        flexShrink: 0,
        backgroundColor: RARITY_COLORS[item.rarity] ?? RARITY_COLORS[0],
        ...spriteStyle(item.spriteCoord, size, url),
      }}
    />
  )
}
