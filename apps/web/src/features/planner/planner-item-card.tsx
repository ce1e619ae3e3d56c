import type { Item } from '@dropwise/schemas'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { ItemIcon } from '../../components/item-icon'
import { NumberStepper } from './number-stepper'

/**
 * Over a hundred cards: the browser lays out and paints only those near the screen (the rest keep the
 * height they had, or about a card's, so the scroll bar does not jump); find in page and screen readers
 * still reach them all.
 */
const OFFSCREEN = { contentVisibility: 'auto', containIntrinsicSize: 'auto 124px' } as const

/** One planner item: its icon and name, and steppers for the count needed and the count owned. */
export const ItemStepper = memo(function ItemStepper({
  item,
  name,
  have,
  need,
  onSet,
}: {
  item: Item
  name: string
  have: number
  need: number
  onSet: (id: string, patch: { have?: number; need?: number }) => void
}) {
  const { t } = useTranslation()
  return (
    <Card variant="outlined" component="li" data-testid={`planner-item-${item.itemId}`} aria-label={name} sx={OFFSCREEN}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <ItemIcon item={item} size={32} />
          <Typography variant="subtitle2" component="h3" noWrap title={name}>
            {name}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1}>
          <NumberStepper
            label={t('planner.need')}
            inputLabel={`${t('planner.need')}: ${name}`}
            value={need}
            onChange={(v) => onSet(item.itemId, { need: v })}
            decreaseLabel={t('planner.decrease', { field: t('planner.need'), item: name })}
            increaseLabel={t('planner.increase', { field: t('planner.need'), item: name })}
            testId={`planner-need-${item.itemId}`}
          />
          <NumberStepper
            label={t('planner.have')}
            inputLabel={`${t('planner.have')}: ${name}`}
            value={have}
            onChange={(v) => onSet(item.itemId, { have: v })}
            decreaseLabel={t('planner.decrease', { field: t('planner.have'), item: name })}
            increaseLabel={t('planner.increase', { field: t('planner.have'), item: name })}
            testId={`planner-have-${item.itemId}`}
          />
        </Stack>
      </CardContent>
    </Card>
  )
})
