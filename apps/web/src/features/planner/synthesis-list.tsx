import type { PlanSuccess } from '@dropwise/planner'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { craftShortages, wholeCraft, type CraftShortage, type WholeCraft } from './craft'
import { ItemChip, useNames, type Lookup } from './plan-parts'
import type { PlannerState } from './planner-state'
import { numberFormat } from '../../lib/format'

function ShortageList({ id, shortages, lookup }: { id: string; shortages: CraftShortage[]; lookup: Lookup }) {
  const { t } = useTranslation()
  const names = useNames(lookup)
  return (
    <Alert severity="warning" sx={{ mt: 1 }} id={id} data-testid="planner-craft-shortage">
      <Typography variant="body2">{t('planner.craft.impossible')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {shortages.map((s) => (
          <li key={s.itemId}>{t('planner.craft.errors.notEnough', { item: names.item(s.itemId), need: s.need, have: s.have })}</li>
        ))}
      </Box>
    </Alert>
  )
}

function SynthesisCard({
  craft,
  lookup,
  state,
  disabled,
  onCraft,
}: {
  craft: WholeCraft
  lookup: Lookup
  state: PlannerState
  disabled: boolean
  onCraft: (c: WholeCraft) => void
}) {
  const { t, i18n } = useTranslation()
  const names = useNames(lookup)
  const id = useId()
  const shortages = craftShortages(state, craft)
  const target = lookup.item(craft.target)
  const fmt = (n: number) => numberFormat(i18n.language, { maximumFractionDigits: 2 }).format(n)
  return (
    <Card component="li" variant="outlined" data-testid="planner-synthesis" data-target={craft.target}>
      <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
          {target && <ItemIcon item={target} size={32} />}
          <Link component={RouterLink} to={paths.statsByItemSelected.href(craft.target)} variant="subtitle1" sx={{ fontWeight: 600 }}>
            {names.item(craft.target)}
          </Link>
          <Typography color="text.secondary" data-testid="planner-craft-count">
            × {fmt(craft.crafts)}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            size="small"
            variant="outlined"
            disabled={disabled || shortages.length > 0}
            onClick={() => onCraft(craft)}
            aria-describedby={shortages.length > 0 ? `${id}-short` : undefined}
            data-testid={`planner-craft-${craft.target}`}
          >
            {t('planner.craft.do')}
          </Button>
        </Stack>
        <Box data-testid="planner-craft-materials">
          {craft.materials.map((m) => (
            <ItemChip key={m.itemId} id={m.itemId} amount={fmt(m.count)} lookup={lookup} />
          ))}
        </Box>
        {craft.rounded && (
          <Typography variant="body2" color="text.secondary" data-testid="planner-craft-rounded">
            {t('planner.craft.rounded', { planned: fmt(craft.planned), crafts: fmt(craft.crafts) })}
          </Typography>
        )}
        {shortages.length > 0 && <ShortageList id={`${id}-short`} shortages={shortages} lookup={lookup} />}
      </CardContent>
    </Card>
  )
}

/**
 * The crafts of a plan in whole numbers (issue 17 §11): each with the reason when rounding changed
 * the plan's numbers, and a Craft button that is disabled, with the shortages named, when the stock
 * does not cover it.
 */
export function SynthesisList({
  plan,
  lookup,
  state,
  disabled = false,
  onCraft,
}: {
  plan: PlanSuccess
  lookup: Lookup
  state: PlannerState
  disabled?: boolean
  onCraft: (c: WholeCraft) => void
}) {
  const { t } = useTranslation()
  if (plan.syntheses.length === 0) return <Alert severity="info">{t('planner.result.noSyntheses')}</Alert>
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="planner-syntheses">
      {plan.syntheses.map((s) => (
        <SynthesisCard key={s.target} craft={wholeCraft(s, lookup.formula(s.target))} lookup={lookup} state={state} disabled={disabled} onCraft={onCraft} />
      ))}
    </Stack>
  )
}
