import type { PlanRequest, PlanResponse } from '@dropwise/planner'
import type { Stage } from '@dropwise/schemas'
import Calculate from '@mui/icons-material/Calculate'
import FilterAlt from '@mui/icons-material/FilterAlt'
import ImportExport from '@mui/icons-material/ImportExport'
import RestartAlt from '@mui/icons-material/RestartAlt'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CircularProgress from '@mui/material/CircularProgress'
import Fab from '@mui/material/Fab'
import FormControlLabel from '@mui/material/FormControlLabel'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { useDataset } from '../../lib/data'
import { localized } from '../../lib/i18n'
import { useStore } from '../../lib/persisted-store'
import { useDataSource } from '../../lib/state-hooks'
import { CALCULATE_HINTS, CALCULATE_LABELS } from './calculate-labels'
import { calculateButtonState, canCalculate, type Calculation } from './calculate-state'
import { applyCraft, craftShortages, type WholeCraft } from './craft'
import { ExcludeDialog } from './exclude-dialog'
import { IoDialog } from './io-dialog'
import { buildPlanRequest, wantsAnything } from './plan-request'
import { ItemStepper } from './planner-item-card'
import { countOf, isPlannerItem, OPTION_KEYS, reconcileServer, resetState, setCount, type PlannerState, type ResetChoice } from './planner-state'
import { plannerStore } from './planner-store'
import { ResultDialog, type Lookup } from './result-view'
import { ResetDialog } from './reset-dialog'
import { usePlannerEngine } from './use-planner-engine'
import { failureText, planOnServer } from './plan-call'
import { LivePlanCard } from './live-plan-card'

export const RESET_TOAST_MS = 7000
export const CALCULATION_ERROR_MS = 15_000
export const CRAFT_NOTICE_MS = 3000

export function Planner() {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const state = useStore(plannerStore)
  const items = useDataset('items')
  const stages = useDataset('stages')
  const zones = useDataset('zones')
  const config = useDataset('config')
  const [filter, setFilter] = useState('')
  const [dialog, setDialog] = useState<'exclude' | 'io' | 'reset' | null>(null)
  const [calc, setCalc] = useState<Calculation>({ status: 'idle' })
  const [resultOpen, setResultOpen] = useState(false)

  // A server switch clears the exclusions (counts stay).
  useEffect(() => {
    if (plannerStore.get().server !== server) plannerStore.set((s) => reconcileServer(s, server))
  }, [server])

  const plannerItems = useMemo(
    () => (items.data ?? []).filter((i) => isPlannerItem(i) && i.existence[server]?.exist !== false),
    [items.data, server],
  )
  const offered = useMemo(() => new Set(plannerItems.map((i) => i.itemId)), [plannerItems])
  const itemById = useMemo(() => new Map((items.data ?? []).map((i) => [i.itemId, i])), [items.data])
  const stageById = useMemo(() => new Map((stages.data ?? []).map((s) => [s.stageId, s])), [stages.data])
  const itemName = useCallback((id: string) => {
    const item = itemById.get(id)
    return item ? localized(item.name_i18n, item.name, i18n.language) : id
  }, [itemById, i18n.language])
  const unobtainable = (ids: string[]): string => t('planner.errors.unobtainable', { items: ids.map(itemName).join(', ') })
  const nameToId = useCallback(
    (name: string) => (items.data ?? []).find((i) => i.name === name || Object.values(i.name_i18n).includes(name))?.itemId,
    [items.data],
  )

  const request = useMemo(() => (items.data ? buildPlanRequest(state, server, offered) : null), [state, server, offered, items.data])
  const requestKey = request ? JSON.stringify(request) : null
  const engine = usePlannerEngine(server, request)
  // Only the latest calculation may change the state: a craft's recalculation can overlap an earlier one.
  const calcSeq = useRef(0)
  // The plan a craft was made from: its crafts are spent, repeated clicks on it do nothing.
  const craftedFrom = useRef<object | null>(null)
  const craftToast = useRef<number | null>(null)
  const engineFormulas = engine.formulas
  const formulaById = useMemo(() => new Map((engineFormulas ?? []).map((f) => [f.id, f])), [engineFormulas])
  const lookup: Lookup = useMemo(
    () => ({ item: (id) => itemById.get(id), stage: (id): Stage | undefined => stageById.get(id), formula: (id) => formulaById.get(id) }),
    [itemById, stageById, formulaById],
  )

  const onSet = useCallback((id: string, patch: { have?: number; need?: number }) => plannerStore.set((s) => setCount(s, id, patch)), [])
  const update = (next: (s: PlannerState) => PlannerState) => plannerStore.set(next)

  const calculate = async (req: PlanRequest | null = request) => {
    if (!req) return
    const key = JSON.stringify(req)
    const seq = ++calcSeq.current
    const latest = () => seq === calcSeq.current
    setCalc({ status: 'pending', key })
    setResultOpen(true)
    try {
      let response: PlanResponse
      if (engine.status === 'ready') response = (await engine.solve(req)).response
      else {
        const url = (config.data?.planner as { url?: unknown } | undefined)?.url
        response = await planOnServer(typeof url === 'string' ? url : '/planner/plan', req)
      }
      if (!latest()) return
      if (response.error) {
        setCalc({ status: 'failed', key })
        setResultOpen(false)
        snackbar.show(t('planner.calculationError', { error: failureText(response, unobtainable) }), { severity: 'error', timeout: CALCULATION_ERROR_MS })
        return
      }
      setCalc({ status: 'done', key, plan: response })
    } catch (err) {
      if (!latest()) return
      setCalc({ status: 'failed', key })
      setResultOpen(false)
      snackbar.show(`${t('network.error')} (${err instanceof Error ? err.message : String(err)})`, { severity: 'error', timeout: 0 })
    }
  }

  /** One craft notice at a time: a new one replaces the last instead of queueing behind it. */
  const craftNotice = (message: string, severity: 'success' | 'error') => {
    if (craftToast.current !== null) snackbar.close(craftToast.current)
    craftToast.current = snackbar.show(message, severity === 'success' ? { severity, timeout: CRAFT_NOTICE_MS } : { severity })
  }

  const craft = (whole: WholeCraft) => {
    const from = calc.status === 'done' ? calc.plan : null
    if (from === null || craftedFrom.current === from) return
    const current = plannerStore.get()
    const shortages = craftShortages(current, whole)
    const next = applyCraft(current, whole)
    if (shortages.length > 0 || !next) {
      craftNotice(shortages.map((s) => t('planner.craft.errors.notEnough', { item: itemName(s.itemId), need: s.need, have: s.have })).join(' '), 'error')
      return
    }
    craftedFrom.current = from
    plannerStore.set(next)
    craftNotice(t('planner.craft.success', { item: itemName(whole.target), count: whole.crafts }), 'success')
    void calculate(buildPlanRequest(next, server, offered))
  }

  const reset = (choice: ResetChoice) => {
    update((s) => resetState(s, choice))
    setDialog(null)
    snackbar.show(t('planner.reset.success'), { severity: 'success', timeout: RESET_TOAST_MS })
  }

  const button = calculateButtonState(calc, requestKey, request !== null && wantsAnything(request))
  const buttonLabel = t(CALCULATE_LABELS[button])
  const shownPlan = calc.status === 'done' ? calc.plan : null
  const needle = filter.trim().toLowerCase()
  const visible = needle ? plannerItems.filter((i) => itemName(i.itemId).toLowerCase().includes(needle) || i.itemId.includes(needle)) : plannerItems
  const demanded = state.items.filter((i) => i.need > 0 && offered.has(i.id)).length

  if (items.error) {
    return (
      <Alert severity="error" action={<Button onClick={() => void items.refetch()}>{t('planner.retry')}</Button>}>
        {t('planner.dataError')}
      </Alert>
    )
  }

  return (
    <Stack spacing={2} sx={{ pb: 10 }}>
      <Typography variant="h4" component="h1">
        {t('menu.planner')}
      </Typography>

      <LivePlanCard
        engine={engine}
        lookup={lookup}
        unobtainable={unobtainable}
        onOpen={(key, plan) => {
          setCalc({ status: 'done', key, plan })
          setResultOpen(true)
        }}
      />

      <Card component="section" aria-labelledby="planner-options-title">
        <CardContent>
          <Typography variant="h6" component="h2" id="planner-options-title" sx={{ mb: 1 }}>
            {t('planner.options.title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {OPTION_KEYS.map((key) => (
              <FormControlLabel
                key={key}
                control={<Switch checked={state.options[key]} onChange={(e) => update((s) => ({ ...s, options: { ...s.options, [key]: e.target.checked } }))} />}
                label={t(`planner.options.${key}`)}
              />
            ))}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" startIcon={<FilterAlt />} onClick={() => setDialog('exclude')}>
              {t('planner.exclude.open', { count: state.excludes.length })}
            </Button>
            <Button variant="outlined" startIcon={<ImportExport />} onClick={() => setDialog('io')} data-testid="planner-open-io">
              {t('planner.io.title')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<RestartAlt />} onClick={() => setDialog('reset')} data-testid="planner-open-reset">
              {t('planner.reset.title')}
            </Button>
            <Button
              variant="contained"
              startIcon={button === 'pending' ? <CircularProgress size={18} color="inherit" /> : <Calculate />}
              disabled={!canCalculate(button)}
              onClick={() => void calculate()}
              aria-describedby="planner-calculate-hint"
              data-testid="planner-calculate"
              data-state={button}
            >
              {buttonLabel}
            </Button>
            {button === 'done' && (
              <Button onClick={() => setResultOpen(true)} data-testid="planner-show-result">
                {t('planner.actions.showResult')}
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" id="planner-calculate-hint" sx={{ mt: 1 }} data-testid="planner-calculate-hint">
            {t(CALCULATE_HINTS[button])}
          </Typography>
        </CardContent>
      </Card>

      <Box component="section" aria-labelledby="planner-items-title">
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1, gap: 1 }}>
          <Typography variant="h6" component="h2" id="planner-items-title">
            {t('planner.items.title', { count: demanded })}
          </Typography>
          <TextField size="small" type="search" label={t('planner.items.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
        </Stack>
        {!items.data && <LinearProgress aria-label={t('planner.live.loadingData')} />}
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}
        >
          {visible.map((item) => {
            const { have, need } = countOf(state, item.itemId)
            return <ItemStepper key={item.itemId} item={item} name={itemName(item.itemId)} have={have} need={need} onSet={onSet} />
          })}
        </Box>
      </Box>

      <Fab
        color="primary"
        variant="extended"
        onClick={() => void calculate()}
        disabled={!canCalculate(button)}
        sx={{ position: 'fixed', right: 24, bottom: 24 }}
        aria-describedby="planner-calculate-hint"
        data-testid="planner-fab"
        data-state={button}
      >
        <Calculate sx={{ mr: 1 }} />
        {buttonLabel}
      </Fab>

      <ResultDialog
        open={resultOpen && calc.status !== 'idle' && calc.status !== 'failed'}
        pending={calc.status === 'pending'}
        plan={shownPlan}
        lookup={lookup}
        state={state}
        onClose={() => setResultOpen(false)}
        onRecalculate={() => {
          setResultOpen(false)
          void calculate()
        }}
        craftDisabled={shownPlan !== null && craftedFrom.current === shownPlan}
        onCraft={craft}
      />
      <ExcludeDialog
        open={dialog === 'exclude'}
        server={server}
        zones={zones.data ?? []}
        stages={stages.data ?? []}
        excludes={state.excludes}
        onClose={() => setDialog(null)}
        onChange={(excludes) => update((s) => ({ ...s, excludes }))}
      />
      <IoDialog open={dialog === 'io'} state={state} offered={offered} nameToId={nameToId} onClose={() => setDialog(null)} onImport={(next) => plannerStore.set(next)} />
      <ResetDialog open={dialog === 'reset'} onClose={() => setDialog(null)} onConfirm={reset} />
    </Stack>
  )
}
