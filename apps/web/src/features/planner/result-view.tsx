import type { PlanSuccess, PlanSynthesis } from '@dropwise/planner'
import type { Item, Stage } from '@dropwise/schemas'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
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
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { localized } from '../../lib/i18n'
import { craftShortages, type CraftShortage } from './craft'
import type { PlannerState } from './planner-state'

export interface Lookup {
  item: (id: string) => Item | undefined
  stage: (id: string) => Stage | undefined
}

const useNames = (lookup: Lookup) => {
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

/** LMD, sanity and EXP of a plan, rounded up with thousands separators (web-reference row 115). */
export function PlanTotals({ plan }: { plan: PlanSuccess }) {
  const { t, i18n } = useTranslation()
  const fmt = (n: number) => new Intl.NumberFormat(i18n.language).format(Math.ceil(n))
  const cells = [
    { key: 'cost', label: t('planner.result.cost'), value: plan.cost },
    { key: 'gold', label: t('planner.result.gold'), value: plan.gold },
    { key: 'exp', label: t('planner.result.exp'), value: plan.exp },
  ]
  return (
    <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="planner-totals" data-objective={plan.lp.objective ?? ''}>
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
  )
}

function ItemChip({ id, amount, lookup, value = false }: { id: string; amount: string; lookup: Lookup; value?: boolean }) {
  const names = useNames(lookup)
  const item = lookup.item(id)
  return (
    <Chip
      component={RouterLink}
      to={paths.statsByItemSelected.href(id)}
      clickable
      variant="outlined"
      avatar={item ? <ItemIcon item={item} size={24} /> : undefined}
      label={value ? `${names.item(id)}: ${amount}` : `${names.item(id)} × ${amount}`}
      sx={{ mr: 0.5, mb: 0.5 }}
    />
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
        const runs = new Intl.NumberFormat(i18n.language).format(Math.ceil(Number(s.count)))
        return (
          <Card component="li" variant="outlined" key={s.stage}>
            <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 0.5 }}>
                {stage ? (
                  <Link component={RouterLink} to={paths.statsByStageSelected.href(stage.zoneId, stage.stageId)} variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {names.stage(s.stage)}
                  </Link>
                ) : (
                  <Typography variant="subtitle1">{names.stage(s.stage)}</Typography>
                )}
                <Typography color="text.secondary">{t('planner.result.runs', { count: Math.ceil(Number(s.count)), runs })}</Typography>
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

function ShortageList({ shortages, lookup }: { shortages: CraftShortage[]; lookup: Lookup }) {
  const { t } = useTranslation()
  const names = useNames(lookup)
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      <Typography variant="body2">{t('planner.craft.impossible')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {shortages.map((s) => (
          <li key={s.itemId}>{t('planner.craft.errors.notEnough', { item: names.item(s.itemId), need: s.need, have: s.have })}</li>
        ))}
      </Box>
    </Alert>
  )
}

function SynthesisList({ plan, lookup, state, onCraft }: { plan: PlanSuccess; lookup: Lookup; state: PlannerState; onCraft: (s: PlanSynthesis) => void }) {
  const { t } = useTranslation()
  const names = useNames(lookup)
  if (plan.syntheses.length === 0) return <Alert severity="info">{t('planner.result.noSyntheses')}</Alert>
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="planner-syntheses">
      {plan.syntheses.map((s) => {
        const shortages = craftShortages(state, s)
        const target = lookup.item(s.target)
        return (
          <Card component="li" variant="outlined" key={s.target}>
            <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
                {target && <ItemIcon item={target} size={32} />}
                <Link component={RouterLink} to={paths.statsByItemSelected.href(s.target)} variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {names.item(s.target)}
                </Link>
                <Typography color="text.secondary">× {s.count}</Typography>
                <Box sx={{ flexGrow: 1 }} />
                <Button size="small" variant="outlined" onClick={() => onCraft(s)} data-testid={`planner-craft-${s.target}`}>
                  {t('planner.craft.do')}
                </Button>
              </Stack>
              <Box>
                {Object.entries(s.materials).map(([id, amount]) => (
                  <ItemChip key={id} id={id} amount={amount} lookup={lookup} />
                ))}
              </Box>
              {shortages.length > 0 && <ShortageList shortages={shortages} lookup={lookup} />}
            </CardContent>
          </Card>
        )
      })}
    </Stack>
  )
}

function ValueList({ plan, lookup }: { plan: PlanSuccess; lookup: Lookup }) {
  const { t } = useTranslation()
  const levels = plan.values.map((l) => ({ ...l, items: l.items.filter((i) => Number.parseFloat(i.value) !== 0) })).filter((l) => l.items.length > 0)
  if (levels.length === 0) return <Alert severity="info">{t('planner.result.noValues')}</Alert>
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('planner.result.valuesHint')}
      </Typography>
      {levels.map((level) => (
        <Box key={level.level}>
          <Typography variant="subtitle2" component="h3">
            {t('planner.result.level', { level: level.level })}
          </Typography>
          {level.items.map((i) => (
            <ItemChip key={i.name} id={i.name} amount={i.value} lookup={lookup} value />
          ))}
        </Box>
      ))}
    </Stack>
  )
}

/** The three tabs of a plan: stages, syntheses, values by level. */
export function PlanTabs({ plan, lookup, state, onCraft }: { plan: PlanSuccess; lookup: Lookup; state: PlannerState; onCraft: (s: PlanSynthesis) => void }) {
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
        {tab === 1 && <SynthesisList plan={plan} lookup={lookup} state={state} onCraft={onCraft} />}
        {tab === 2 && <ValueList plan={plan} lookup={lookup} />}
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
  onCraft: (s: PlanSynthesis) => void
}

/** The result dialog: persistent while calculating (spec 001 §2, §4). */
export function ResultDialog({ open, pending, plan, lookup, state, onClose, onRecalculate, onCraft }: ResultDialogProps) {
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
            <PlanTotals plan={plan} />
            <Typography variant="body2" color="text.secondary">
              {t('planner.notices.autoExistence')}
            </Typography>
            <PlanTabs plan={plan} lookup={lookup} state={state} onCraft={onCraft} />
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
