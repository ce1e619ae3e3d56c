import type { PlanSuccess } from '@dropwise/planner'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../config/paths'
import { numberFormat } from '../../lib/format'
import type { WholeCraft } from './craft'
import { ItemChip, useNames, type Lookup } from './plan-parts'
import { PlanValues } from './plan-values'
import type { PlannerState } from './planner-state'
import { shownRuns, shownSanity } from './plan-totals'
import { SynthesisList } from './synthesis-list'

export type { Lookup } from './plan-parts'

/**
 * Sanity, LMD and EXP of a plan, rounded up with thousands separators (web-reference row 115). The
 * sanity is what the listed runs add up to (plan-totals.ts); LMD and EXP are the drops expected from the plan.
 */
export function PlanTotals({ plan, lookup }: { plan: PlanSuccess; lookup: Lookup }) {
  const { t, i18n } = useTranslation()
  const fmt = (n: number) => numberFormat(i18n.language).format(Math.ceil(n))
  const sanity = shownSanity(plan.stages, (id) => lookup.stage(id)?.apCost) ?? plan.cost
  const cells = [
    { key: 'cost', label: t('planner.result.cost'), value: sanity },
    { key: 'gold', label: t('planner.result.gold'), value: plan.gold },
    { key: 'exp', label: t('planner.result.exp'), value: plan.exp },
  ]
  // A goals plan's store purchases: only the Chip Catalyst is bought (goal-plan.ts in the planner package).
  const buy = (plan.purchases ?? []).reduce((n, p) => n + p.count, 0)
  return (
    <>
      {buy > 0 && (
        <Alert severity="warning" data-testid="planner-buy" data-count={buy}>
          {t('planner.result.buyCatalysts', { count: buy })}
        </Alert>
      )}
      <Stack
        direction="row"
        spacing={3}
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
        data-testid="planner-totals"
        data-objective={plan.lp.objective ?? ''}
        data-plan-cost={plan.cost}
      >
        {cells.map((c) => (
          <Box key={c.key}>
            <Typography variant="caption" color="text.secondary" component="div">
              {c.label}
            </Typography>
            <Typography variant="h5" component="div" data-testid={`planner-total-${c.key}`} data-value={c.value}>
              {fmt(c.value)}
            </Typography>
          </Box>
        ))}
      </Stack>
    </>
  )
}

export function StageList({ plan, lookup, limit }: { plan: PlanSuccess; lookup: Lookup; limit?: number }) {
  const { t, i18n } = useTranslation()
  const names = useNames(lookup)
  const shown = limit === undefined ? plan.stages : plan.stages.slice(0, limit)
  if (plan.stages.length === 0) return <Alert severity="info">{t('planner.result.noStages')}</Alert>
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="planner-stages">
      {shown.map((s) => {
        const stage = lookup.stage(s.stage)
        const count = shownRuns(s)
        const runs = numberFormat(i18n.language).format(count)
        return (
          <Card component="li" variant="outlined" key={s.stage} data-testid="planner-stage" data-stage-id={s.stage} data-runs={count} data-ap-cost={stage?.apCost ?? ''}>
            <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 0.5 }}>
                {stage ? (
                  <Link component={RouterLink} to={paths.statsByStageSelected.href(stage.zoneId, stage.stageId)} variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {names.stage(s.stage)}
                  </Link>
                ) : (
                  <Typography variant="subtitle1">{names.stage(s.stage)}</Typography>
                )}
                <Typography color="text.secondary">{t('planner.result.runs', { count, runs })}</Typography>
              </Stack>
              <Box>
                {Object.entries(s.items).map(([id, amount]) => (
                  <ItemChip key={id} id={id} amount={amount} lookup={lookup} />
                ))}
              </Box>
            </CardContent>
          </Card>
        )
      })}
    </Stack>
  )
}

/** The three tabs of a plan: stages, syntheses, values by level. */
export function PlanTabs({
  plan,
  lookup,
  state,
  craftDisabled,
  onCraft,
}: {
  plan: PlanSuccess
  lookup: Lookup
  state: PlannerState
  craftDisabled: boolean
  onCraft: (c: WholeCraft) => void
}) {
  const { t } = useTranslation()
  const [tab, setTab] = useState(0)
  const tabs = [t('planner.result.tabs.stages'), t('planner.result.tabs.syntheses'), t('planner.result.tabs.values')]
  return (
    <>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="fullWidth" aria-label={t('planner.result.title')}>
        {tabs.map((label, i) => (
          <Tab key={label} label={label} id={`planner-tab-${i}`} aria-controls={`planner-tabpanel-${i}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`planner-tabpanel-${tab}`} aria-labelledby={`planner-tab-${tab}`} sx={{ pt: 2 }}>
        {tab === 0 && <StageList plan={plan} lookup={lookup} />}
        {tab === 1 && <SynthesisList plan={plan} lookup={lookup} state={state} disabled={craftDisabled} onCraft={onCraft} />}
        {tab === 2 && <PlanValues plan={plan} lookup={lookup} state={state} />}
      </Box>
    </>
  )
}

interface ResultDialogProps {
  open: boolean
  pending: boolean
  plan: PlanSuccess | null
  lookup: Lookup
  state: PlannerState
  onClose: () => void
  onRecalculate: () => void
  /** Crafting from this plan is over (done once; the plan is being recalculated). */
  craftDisabled: boolean
  onCraft: (c: WholeCraft) => void
}

/** The result dialog: persistent while calculating (spec 001 §2, §4). */
export function ResultDialog({ open, pending, plan, lookup, state, onClose, onRecalculate, craftDisabled, onCraft }: ResultDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!pending) onClose()
      }}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 'max(450px, 80vw)' } } }}
      aria-labelledby="planner-result-title"
    >
      <DialogTitle id="planner-result-title">{t('planner.result.title')}</DialogTitle>
      <DialogContent dividers data-testid="planner-result-dialog">
        {pending && (
          <Box role="status" aria-live="polite" sx={{ py: 2 }}>
            <Typography sx={{ mb: 1 }}>{t('planner.calculating')}</Typography>
            <LinearProgress />
          </Box>
        )}
        {!pending && plan && (
          <Stack spacing={2}>
            <PlanTotals plan={plan} lookup={lookup} />
            <Typography variant="body2" color="text.secondary">
              {t('planner.notices.autoExistence')}
            </Typography>
            <PlanTabs plan={plan} lookup={lookup} state={state} craftDisabled={craftDisabled} onCraft={onCraft} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onRecalculate} disabled={pending}>
          {t('planner.actions.recalculate')}
        </Button>
        <Button onClick={onClose} disabled={pending} variant="contained">
          {t('dialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
