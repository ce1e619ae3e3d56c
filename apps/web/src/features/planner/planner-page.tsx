import { GOAL_FORECAST_CRAFTS } from '@dropwise/planner'
import type { Stage } from '@dropwise/schemas'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { lazy, useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { MountWhen } from '../../components/lazy-mount'
import { useDataset } from '../../lib/data'
import { useHydrated } from '../../lib/hydration'
import { localized } from '../../lib/i18n'
import { useStore } from '../../lib/persisted-store'
import { useDataSource } from '../../lib/state-hooks'
import { CalculateBar } from './calculate-bar'
import { CALCULATE_LABELS } from './calculate-labels'
import { calculateButtonState, canCalculate } from './calculate-state'
import { buildPlanRequest, wantsAnything } from './plan-request'
import { PlannerItemsSection } from './planner-items-section'
import { PlannerOptionsCard, type PlannerDialog } from './planner-options-card'
import { EMPTY_STATE, isGoalCount, isPlannerItem, reconcileServer, resetState, setCount, type PlannerState, type ResetChoice } from './planner-state'
import { plannerStore } from './planner-store'
import { ResultDialog, type Lookup } from './result-view'
import { usePlannerCalculation } from './use-planner-calculation'
import { usePlannerEngine } from './use-planner-engine'
import { LivePlanCard } from './live-plan-card'
import { GoalItemsSection } from './goal-items-section'
import { itemFor } from './goals/operator-label'

export const RESET_TOAST_MS = 7000

// The option dialogs load when first opened: their code (accordions, checkboxes, the import box) is not
// on the first screen.
const ExcludeDialog = lazy(() => import('./exclude-dialog').then((m) => ({ default: m.ExcludeDialog })))
const IoDialog = lazy(() => import('./io-dialog').then((m) => ({ default: m.IoDialog })))
const ResetDialog = lazy(() => import('./reset-dialog').then((m) => ({ default: m.ResetDialog })))

export function Planner() {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  // The page arrives pre-rendered as a first visitor sees it (src/ssr.tsx): while hydrating it is drawn
  // without the stored plan and lists, so it matches, and with them right after. A visitor with a stored
  // plan gets the page drawn afresh instead (the inline script in index.html hides it), not a flash of
  // default options.
  const hydrated = useHydrated()
  const stored = useStore(plannerStore)
  const state = hydrated ? stored : EMPTY_STATE
  const items = useDataset('items')
  const stages = useDataset('stages')
  const zones = useDataset('zones')
  const config = useDataset('config')
  const itemsData = hydrated ? items.data : undefined
  const stagesData = hydrated ? stages.data : undefined
  const [filter, setFilter] = useState('')
  const [dialog, setDialog] = useState<PlannerDialog | null>(null)

  // A server switch clears the exclusions (counts stay). No server recorded: nothing planned yet (planner-store.ts).
  useEffect(() => {
    const recorded = plannerStore.get().server
    if (recorded !== null && recorded !== server) plannerStore.set((s) => reconcileServer(s, server))
  }, [server])

  const plannerItems = useMemo(() => (itemsData ?? []).filter((i) => isPlannerItem(i) && i.existence[server]?.exist !== false), [itemsData, server])
  const offered = useMemo(() => new Set(plannerItems.map((i) => i.itemId)), [plannerItems])
  const itemById = useMemo(() => new Map((itemsData ?? []).map((i) => [i.itemId, i])), [itemsData])
  const stageById = useMemo(() => new Map((stagesData ?? []).map((s) => [s.stageId, s])), [stagesData])
  // Dual chips and the Chip Catalyst are no /items items: a goals plan names them from the page's strings.
  const itemOf = useCallback((id: string) => itemById.get(id) ?? (isGoalCount(id) ? itemFor(id, itemById, t) : undefined), [itemById, t])
  const itemName = useCallback(
    (id: string) => {
      const item = itemOf(id)
      return item ? localized(item.name_i18n, item.name, i18n.language) : id
    },
    [itemOf, i18n.language],
  )
  const unobtainable = (ids: string[]): string => t('planner.errors.unobtainable', { items: ids.map(itemName).join(', ') })
  const nameToId = useCallback((name: string) => (itemsData ?? []).find((i) => i.name === name || Object.values(i.name_i18n).includes(name))?.itemId, [itemsData])

  const request = useMemo(() => (itemsData ? buildPlanRequest(state, server, offered) : null), [state, server, offered, itemsData])
  const requestKey = request ? JSON.stringify(request) : null
  const engine = usePlannerEngine(server, request)
  const engineFormulas = engine.formulas
  // A goals plan's one-item crafts (Skill Summaries, dual chips) too, so their whole crafts read right.
  const formulaById = useMemo(() => new Map([...(engineFormulas ?? []), ...GOAL_FORECAST_CRAFTS].map((f) => [f.id, f])), [engineFormulas])
  const lookup: Lookup = useMemo(
    () => ({ item: itemOf, stage: (id): Stage | undefined => stageById.get(id), formula: (id) => formulaById.get(id) }),
    [itemOf, stageById, formulaById],
  )

  const onSet = useCallback((id: string, patch: { have?: number; need?: number }) => plannerStore.set((s) => setCount(s, id, patch)), [])
  const update = (next: (s: PlannerState) => PlannerState) => plannerStore.set(next)

  const { calc, shownPlan, crafted, resultOpen, setResultOpen, calculate, craft, show } = usePlannerCalculation({
    engine,
    serverPlannerUrl: (config.data?.planner as { url?: unknown } | undefined)?.url,
    request,
    server,
    offered,
    itemName,
    unobtainable,
  })

  const reset = (choice: ResetChoice) => {
    update((s) => resetState(s, choice))
    setDialog(null)
    snackbar.show(t('planner.reset.success'), { severity: 'success', timeout: RESET_TOAST_MS })
  }

  const button = calculateButtonState(calc, requestKey, request !== null && wantsAnything(request))
  const buttonLabel = t(CALCULATE_LABELS[button])
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
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('menu.planner')}
      </Typography>

      <LivePlanCard engine={engine} lookup={lookup} unobtainable={unobtainable} onOpen={show} />

      <PlannerOptionsCard
        state={state}
        update={update}
        onDialog={setDialog}
        button={button}
        buttonLabel={buttonLabel}
        onCalculate={() => void calculate()}
        onShowResult={() => setResultOpen(true)}
      />

      <PlannerItemsSection
        state={state}
        items={visible}
        loading={!itemsData}
        demanded={demanded}
        filter={filter}
        onFilter={setFilter}
        itemName={itemName}
        onSet={onSet}
      />

      <GoalItemsSection state={state} itemById={itemById} onSet={onSet} />

      <CalculateBar
        live={engine.hasRequest ? (engine.live ?? engine.stale)?.response : undefined}
        lookup={lookup}
        label={buttonLabel}
        disabled={!canCalculate(button)}
        state={button}
        onCalculate={() => void calculate()}
      />

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
        craftDisabled={crafted}
        onCraft={craft}
      />
      <MountWhen when={dialog === 'exclude'}>
        <ExcludeDialog
          open={dialog === 'exclude'}
          server={server}
          zones={zones.data ?? []}
          stages={stagesData ?? []}
          excludes={state.excludes}
          onClose={() => setDialog(null)}
          onChange={(excludes) => update((s) => ({ ...s, excludes }))}
        />
      </MountWhen>
      <MountWhen when={dialog === 'io'}>
        <IoDialog
          open={dialog === 'io'}
          state={state}
          offered={offered}
          nameToId={nameToId}
          onClose={() => setDialog(null)}
          onImport={(next) => plannerStore.set(next)}
        />
      </MountWhen>
      <MountWhen when={dialog === 'reset'}>
        <ResetDialog open={dialog === 'reset'} onClose={() => setDialog(null)} onConfirm={reset} />
      </MountWhen>
    </Stack>
  )
}
