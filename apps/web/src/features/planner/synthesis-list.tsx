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
import { craftShortages, craftsShortage, wholeCraft, type CraftShortage, type WholeCraft } from './craft'
import { ItemChip, useNames, type Lookup } from './plan-parts'
import type { PlannerState } from './planner-state'
import { numberFormat } from '../../lib/format'

/** What the stock lacks for the crafts of the plan, said once above them (not under every craft). */
function ShortageSummary({ id, shortages, lookup }: { id: string; shortages: CraftShortage[]; lookup: Lookup }) {
  const { t, i18n } = useTranslation()
  const names = useNames(lookup)
  const fmt = (n: number) => numberFormat(i18n.language).format(n)
  return (
    <Alert severity="warning" id={id} data-testid="planner-craft-shortage">
      <Typography variant="body2">{t('planner.craft.impossible')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {shortages.map((s) => (
          <li key={s.itemId} data-testid="planner-craft-missing" data-item-id={s.itemId}>
            {t('planner.craft.missing', { item: names.item(s.itemId), short: fmt(s.need - s.have), need: fmt(s.need), have: fmt(s.have) })}
          </li>
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
  shortageId,
}: {
  craft: WholeCraft
  lookup: Lookup
  state: PlannerState
  disabled: boolean
  onCraft: (c: WholeCraft) => void
  /** The summary of what is missing, which a craft the stock does not cover points to. */
  shortageId: string
}) {
  const { t, i18n } = useTranslation()
  const names = useNames(lookup)
  const short = craftShortages(state, craft).length > 0
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
            disabled={disabled || short}
            onClick={() => onCraft(craft)}
            aria-describedby={short ? shortageId : undefined}
            data-short={short ? 'true' : undefined}
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
      </CardContent>
    </Card>
  )
}

/**
 * The crafts of a plan in whole numbers (issue 17 §11): each with the reason when rounding changed
 * the plan's numbers, and a Craft button that is disabled when the stock does not cover it; what the
 * stock lacks is said once, above the crafts.
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
  const shortageId = useId()
  if (plan.syntheses.length === 0) return <Alert severity="info">{t('planner.result.noSyntheses')}</Alert>
  const crafts = plan.syntheses.map((s) => wholeCraft(s, lookup.formula(s.target)))
  const shortages = craftsShortage(state, crafts)
  return (
    <Stack spacing={1}>
      {shortages.length > 0 && <ShortageSummary id={shortageId} shortages={shortages} lookup={lookup} />}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="planner-syntheses">
        {crafts.map((c) => (
          <SynthesisCard key={c.target} craft={c} lookup={lookup} state={state} disabled={disabled} onCraft={onCraft} shortageId={shortageId} />
        ))}
      </Stack>
    </Stack>
  )
}
