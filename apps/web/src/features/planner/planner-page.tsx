import type { PlanRequest, PlanResponse, PlanSuccess, PlanSynthesis } from '@dropwise/planner'
import type { Item, Stage } from '@dropwise/schemas'
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
import { memo, useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { ItemIcon } from '../../components/item-icon'
import { useDataset } from '../../lib/data'
import { localized } from '../../lib/i18n'
import { useStore } from '../../lib/persisted-store'
import { useDataSource } from '../../lib/state-hooks'
import { applyCraft, craftShortages } from './craft'
import { ExcludeDialog } from './exclude-dialog'
import { IoDialog } from './io-dialog'
import { NumberStepper } from './number-stepper'
import { buildPlanRequest } from './plan-request'
import { countOf, isPlannerItem, OPTION_KEYS, reconcileServer, resetState, setCount, type PlannerState, type ResetChoice } from './planner-state'
import { plannerStore } from './planner-store'
import { PlanTotals, ResultDialog, StageList, type Lookup } from './result-view'
import { ResetDialog } from './reset-dialog'
import { usePlannerEngine } from './use-planner-engine'

export const RESET_TOAST_MS = 7000
export const CALCULATION_ERROR_MS = 15_000
export const CRAFT_NOTICE_MS = 3000

type Calculation = { status: 'idle' } | { status: 'pending'; key: string } | { status: 'done'; key: string; plan: PlanSuccess } | { status: 'failed'; key: string }

/** POSTs to the planner service named by /config (no credentials), for when the worker cannot run. */
const planOnServer = async (url: string, request: PlanRequest): Promise<PlanResponse> => {
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(request), headers: { 'Content-Type': 'application/json' }, credentials: 'omit' })
  const body = (await res.json()) as PlanResponse | { message?: string }
  if ('error' in body || 'stages' in body) return body as PlanResponse
  throw new Error(`(${res.status}) ${(body as { message?: string }).message ?? res.statusText}`)
}

const ItemStepper = memo(function ItemStepper({
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
    <Card variant="outlined" component="li" data-testid={`planner-item-${item.itemId}`} aria-label={name}>
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

/** A reason a player understands for a failed plan (the package's reason is English). */
const failureText = (response: Extract<PlanResponse, { error: true }>, unobtainable: (items: string[]) => string): string =>
  response.code === 'unobtainable-item' && response.items?.length ? unobtainable(response.items) : response.reason

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
  const lookup: Lookup = useMemo(() => ({ item: (id) => itemById.get(id), stage: (id): Stage | undefined => stageById.get(id) }), [itemById, stageById])
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
  const requestKey = request ? JSON.stringify(request) : ''
  const engine = usePlannerEngine(server, request)

  const onSet = useCallback((id: string, patch: { have?: number; need?: number }) => plannerStore.set((s) => setCount(s, id, patch)), [])
  const update = (next: (s: PlannerState) => PlannerState) => plannerStore.set(next)

  const calculate = async (req: PlanRequest | null = request) => {
    if (!req) return
    const key = JSON.stringify(req)
    setCalc({ status: 'pending', key })
    setResultOpen(true)
    try {
      let response: PlanResponse
      if (engine.status === 'ready') response = (await engine.solve(req)).response
      else {
        const url = (config.data?.planner as { url?: unknown } | undefined)?.url
        response = await planOnServer(typeof url === 'string' ? url : '/planner/plan', req)
      }
      if (response.error) {
        setCalc({ status: 'failed', key })
        setResultOpen(false)
        snackbar.show(t('planner.calculationError', { error: failureText(response, unobtainable) }), { severity: 'error', timeout: CALCULATION_ERROR_MS })
        return
      }
      setCalc({ status: 'done', key, plan: response })
    } catch (err) {
      setCalc({ status: 'failed', key })
      setResultOpen(false)
      snackbar.show(`${t('network.error')} (${err instanceof Error ? err.message : String(err)})`, { severity: 'error', timeout: 0 })
    }
  }

  const craft = (synthesis: PlanSynthesis) => {
    const current = plannerStore.get()
    const shortages = craftShortages(current, synthesis)
    if (shortages.length > 0) {
      snackbar.show(
        shortages.map((s) => t('planner.craft.errors.notEnough', { item: itemName(s.itemId), need: s.need, have: s.have })).join(' '),
        { severity: 'error' },
      )
      return
    }
    const next = applyCraft(current, synthesis)
    if (!next) return
    plannerStore.set(next)
    snackbar.show(t('planner.craft.success', { item: itemName(synthesis.target), count: synthesis.count }), { severity: 'success', timeout: CRAFT_NOTICE_MS })
    void calculate(buildPlanRequest(next, server, offered))
  }

  const reset = (choice: ResetChoice) => {
    update((s) => resetState(s, choice))
    setDialog(null)
    snackbar.show(t('planner.reset.success'), { severity: 'success', timeout: RESET_TOAST_MS })
  }

  const done = calc.status === 'done' && calc.key === requestKey
  const shownPlan = calc.status === 'done' ? calc.plan : null
  const needle = filter.trim().toLowerCase()
  const visible = needle ? plannerItems.filter((i) => itemName(i.itemId).toLowerCase().includes(needle) || i.itemId.includes(needle)) : plannerItems
  const live = engine.live ?? engine.stale
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

      <Card component="section" aria-labelledby="planner-live-title">
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" id="planner-live-title">
              {t('planner.live.title')}
            </Typography>
            {engine.live && (
              <Typography variant="caption" color="text.secondary" data-testid="planner-live-ms">
                {t('planner.live.solvedIn', { ms: engine.live.ms.toFixed(0) })}
              </Typography>
            )}
          </Stack>
          {(engine.status === 'loading-data' || engine.status === 'loading-solver') && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t(engine.status === 'loading-data' ? 'planner.live.loadingData' : 'planner.live.loadingSolver')}
              </Typography>
              <LinearProgress />
            </Box>
          )}
          {engine.status === 'failed' && (
            <Alert severity="warning" action={<Button onClick={engine.retry}>{t('planner.retry')}</Button>}>
              {t('planner.live.failed', { error: engine.error ?? '' })}
            </Alert>
          )}
          {!engine.hasRequest && (engine.status === 'ready' || engine.status === 'idle') && <Typography color="text.secondary">{t('planner.live.empty')}</Typography>}
          {engine.status === 'ready' && engine.hasRequest && (
            <Box aria-live="polite" aria-busy={engine.liveBusy} data-testid="planner-live" data-state={engine.live ? 'fresh' : 'stale'}>
              {engine.liveBusy && <LinearProgress sx={{ mb: 1 }} aria-label={t('planner.calculating')} />}
              {live?.response.error && <Alert severity="error">{failureText(live.response, unobtainable)}</Alert>}
              {live && !live.response.error && (
                <Stack spacing={2} sx={{ opacity: engine.live ? 1 : 0.6 }}>
                  <PlanTotals plan={live.response} />
                  <StageList plan={live.response} lookup={lookup} limit={6} />
                  {live.response.stages.length > 6 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('planner.live.more', { count: live.response.stages.length - 6 })}
                    </Typography>
                  )}
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                    <Typography variant="body2" color="text.secondary">
                      {t('planner.live.syntheses', { count: live.response.syntheses.length })}
                    </Typography>
                    <Button
                      onClick={() => {
                        if (live.response.error) return
                        setCalc({ status: 'done', key: live.key, plan: live.response })
                        setResultOpen(true)
                      }}
                      data-testid="planner-open-result"
                    >
                      {t('planner.live.details')}
                    </Button>
                  </Stack>
                </Stack>
              )}
              {!live && <CircularProgress size={24} aria-label={t('planner.calculating')} />}
            </Box>
          )}
        </CardContent>
      </Card>

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
            <Button variant="contained" startIcon={<Calculate />} disabled={done || !request} onClick={() => void calculate()} data-testid="planner-calculate">
              {t('planner.actions.calculate')}
            </Button>
          </Stack>
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
        disabled={done || !request}
        sx={{ position: 'fixed', right: 24, bottom: 24 }}
        aria-label={t('planner.actions.calculate')}
        data-testid="planner-fab"
      >
        <Calculate sx={{ mr: 1 }} />
        {t('planner.actions.calculate')}
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
