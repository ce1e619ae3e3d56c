import Add from '@mui/icons-material/Add'
import Remove from '@mui/icons-material/Remove'
import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Item } from '@dropwise/schemas'
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ItemIcon } from '../../components/item-icon'
import { localized } from '../../lib/i18n'

/** How long a touch must rest on a tile to remove one (the touch stand-in for right click). */
export const LONG_PRESS_MS = 500

export interface ItemStepperProps {
  item: Item
  count: number
  /** Shows a +10 button (batch activity items, gacha stages). */
  batch: boolean
  disabled?: boolean
  onChange: (delta: number) => void
}

/**
 * One drop item of the report grid (web reference row 90, improvement 10): click +1, right click or
 * long-press −1 (never below 0), explicit − and + buttons for touch and keyboard, +10 for batches,
 * and the + / − / arrow keys on the focused tile.
 */
export function ItemStepper({ item, count, batch, disabled = false, onChange }: ItemStepperProps) {
  const { t, i18n } = useTranslation()
  const name = localized(item.name_i18n, item.name, i18n.language)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const longPressed = useRef(false)
  const lastPointer = useRef<string>('mouse')

  const cancelPress = () => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = null
  }
  useEffect(() => cancelPress, [])

  const onPointerDown = (e: PointerEvent) => {
    lastPointer.current = e.pointerType
    longPressed.current = false
    if (e.pointerType !== 'touch' || disabled) return
    cancelPress()
    timer.current = setTimeout(() => {
      timer.current = null
      longPressed.current = true
      if (count > 0) onChange(-1)
    }, LONG_PRESS_MS)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (disabled) return
    if (e.key === '-' || e.key === 'Subtract' || e.key === 'ArrowDown') {
      e.preventDefault()
      if (count > 0) onChange(-1)
    } else if (e.key === '+' || e.key === 'Add' || e.key === 'ArrowUp') {
      e.preventDefault()
      onChange(1)
    }
  }

  return (
    <Stack spacing={0.25} sx={{ width: 88, alignItems: 'center' }} data-testid={`stepper-${item.itemId}`} data-count={count}>
      <Badge
        badgeContent={count}
        color="primary"
        max={999}
        invisible={count === 0}
        overlap="rectangular"
        slotProps={{ badge: { 'aria-hidden': true } }}
        sx={{ '& .MuiBadge-badge': { top: 8, right: 12 } }}
      >
        <ButtonBase
          focusRipple
          disabled={disabled}
          aria-label={t('report.stepper.tile', { item: name, count })}
          onClick={() => {
            // A long-press already removed one; the click that ends it must not add one back.
            if (longPressed.current) {
              longPressed.current = false
              return
            }
            onChange(1)
          }}
          onContextMenu={(e) => {
            e.preventDefault()
            // On touch screens the long-press timer handles removal (some browsers also fire contextmenu).
            if (lastPointer.current === 'touch' || disabled) return
            if (count > 0) onChange(-1)
          }}
          onPointerDown={onPointerDown}
          onPointerUp={cancelPress}
          onPointerLeave={cancelPress}
          onPointerCancel={cancelPress}
          onKeyDown={onKeyDown}
          sx={{ borderRadius: 2, p: 0.5, flexDirection: 'column', touchAction: 'manipulation', userSelect: 'none', WebkitTouchCallout: 'none' }}
        >
          <ItemIcon item={item} size={48} />
          <Typography
            variant="caption"
            sx={{
              mt: 0.5,
              lineHeight: 1.2,
              minHeight: '2.4em',
              textAlign: 'center',
              maxWidth: 84,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
            }}
          >
            {name}
          </Typography>
        </ButtonBase>
      </Badge>
      <Stack direction="row" spacing={0} sx={{ alignItems: 'center' }}>
        <IconButton size="small" disabled={disabled || count === 0} aria-label={t('report.stepper.remove', { item: name })} onClick={() => onChange(-1)}>
          <Remove fontSize="small" />
        </IconButton>
        <Box component="span" aria-hidden sx={{ minWidth: 20, textAlign: 'center', fontVariantNumeric: 'tabular-nums', fontSize: 14 }}>
          {count}
        </Box>
        <IconButton size="small" disabled={disabled} aria-label={t('report.stepper.add', { item: name })} onClick={() => onChange(1)}>
          <Add fontSize="small" />
        </IconButton>
      </Stack>
      {batch && (
        <Button
          size="small"
          variant="outlined"
          disabled={disabled}
          aria-label={t('report.stepper.addTen', { item: name })}
          onClick={() => onChange(10)}
          sx={{ minWidth: 0, px: 1, py: 0 }}
        >
          +10
        </Button>
      )}
    </Stack>
  )
}
