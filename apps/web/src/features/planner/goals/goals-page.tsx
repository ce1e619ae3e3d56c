import type { Operator } from '@dropwise/schemas'
import Calculate from '@mui/icons-material/Calculate'
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { lazy, useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { confirm } from '../../../components/feedback/confirm-store'
import { snackbar } from '../../../components/feedback/snackbar-store'
import { MountWhen } from '../../../components/lazy-mount'
import { paths } from '../../../config/paths'
import { useDataset } from '../../../lib/data'
import { localized } from '../../../lib/i18n'
import { useStore } from '../../../lib/persisted-store'
import { useDataSource } from '../../../lib/state-hooks'
import { isPlannerItem } from '../planner-state'
import { plannerStore } from '../planner-store'
import { applyStock } from './depot'
import type { StockMode } from './depot-dialog'
import { ForecastPanel } from './forecast-panel'
import { GoalCard } from './goal-card'
import { changeGoal, fitGoal, goalView, newGoal, sumGoals, type GoalChange, type Side } from './goal-model'
import { itemFor, knownItemIds, operatorName } from './operator-label'
import { OperatorPicker } from './operator-picker'
import { planMissing, plannerCounts } from './plan-counts'
import { PlanNotes } from './plan-notes'
import { ProjectBar } from './project-bar'
import { activeProject, DEFAULT_GOAL_OPTIONS, ensureActive, updateProject, type GoalOptions, type Project } from './projects'
import { newId, projectsStore, useProjectActions } from './projects-store'
import { TotalsSection } from './totals-section'
import { useGoalPlan } from './use-goal-plan'
import { useOperators } from './use-operators'

const DepotDialog = lazy(() => import('./depot-dialog').then((m) => ({ default: m.DepotDialog })))

/**
 * The Goals page (issue 39 §2-5): the project's operators with their goals, the sums against the stock, the depot
 * import, "plan the rest" (the planner's counts, then the planner), and the finish forecast of what is left.
 */
export function GoalsPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { server } = useDataSource()
  const operators = useOperators(server)
  const items = useDataset('items')
  const state = useStore(projectsStore)
  const [setAside] = useState(() => projectsStore.setAsideCount())
  const [depotOpen, setDepotOpen] = useState(false)
  const project = activeProject(state)
  const goals = useMemo(() => project?.goals ?? [], [project])
  const stock = useMemo(() => project?.stock ?? {}, [project])
  const options: GoalOptions = project?.options ?? DEFAULT_GOAL_OPTIONS

  const opById = useMemo(() => new Map((operators.data?.operators ?? []).map((o) => [o.id, o])), [operators.data])
  const levels = operators.data?.levels
  const itemById = useMemo(() => new Map((items.data ?? []).map((i) => [i.itemId, i])), [items.data])
  const offered = useMemo(
    () => new Set((items.data ?? []).filter((i) => isPlannerItem(i) && i.existence[server]?.exist !== false).map((i) => i.itemId)),
    [items.data, server],
  )
  const known = useMemo(() => knownItemIds(itemById.keys(), opById.values()), [itemById, opById])
  const nameToId = useCallback((name: string) => (items.data ?? []).find((i) => i.name === name || Object.values(i.name_i18n).includes(name))?.itemId, [items.data])
  const itemName = useCallback(
    (id: string) => {
      const item = itemFor(id, itemById, t)
      return localized(item.name_i18n, item.name, i18n.language)
    },
    [itemById, t, i18n.language],
  )

  // Problems name the skill or the module in the page's language.
  const lang = i18n.language
  const totals = useMemo(() => {
    if (!levels) return null
    const names = (op: Operator) => ({
      skill: (index: number) => localized(op.masteries[index]?.name_i18n ?? {}, op.masteries[index]?.skillId ?? String(index + 1), lang),
      module: (id: string) => localized(op.modules.find((m) => m.id === id)?.name_i18n ?? {}, id, lang),
    })
    return sumGoals(goals, opById, levels, (op, g) => goalView(op, levels, g, names(op), lang))
  }, [goals, opById, levels, lang])
  const counts = useMemo(() => (totals ? plannerCounts(totals.total, stock, offered) : null), [totals, stock, offered])
  const missingPlanned = counts && totals ? planMissing(counts.counts, totals.total, stock) : false

  const { planState, forecast, purchases } = useGoalPlan({ server, counts, offered, ready: Boolean(items.data), missing: missingPlanned, options })

  // Every change goes to the project on screen; the first one makes a project when there is none yet.
  const change = useCallback(
    (fn: (p: Project) => Project) =>
      projectsStore.set((s) => {
        const now = Date.now()
        const ready = ensureActive(s, { id: newId(), name: t('planner.goals.projects.defaultName', { n: 1 }), now })
        return updateProject(ready, ready.activeId, fn, now)
      }),
    [t],
  )
  const onGoal = useCallback(
    (operator: string, side: Side, c: GoalChange) => {
      const op = opById.get(operator)
      if (!op || !levels) return
      change((p) => ({ ...p, goals: p.goals.map((g) => (g.operator === operator ? changeGoal(op, levels, fitGoal(op, g), side, c) : g)) }))
    },
    [opById, levels, change],
  )
  // Removing asks nothing but can be undone from its message; adding says so (the new card may be out of sight).
  const onRemove = useCallback(
    (operator: string) => {
      const current = activeProject(projectsStore.get())?.goals ?? []
      const index = current.findIndex((g) => g.operator === operator)
      const removed = current[index]
      if (!removed) return
      change((p) => ({ ...p, goals: p.goals.filter((g) => g.operator !== operator) }))
      const op = opById.get(operator)
      snackbar.show(t('planner.goals.operator.removed', { name: op ? operatorName(op, i18n.language) : operator }), {
        action: {
          label: t('planner.goals.operator.undo'),
          onClick: () =>
            change((p) => (p.goals.some((g) => g.operator === operator) ? p : { ...p, goals: [...p.goals.slice(0, index), removed, ...p.goals.slice(index)] })),
        },
      })
    },
    [opById, change, t, i18n.language],
  )
  const onAdd = (op: Operator) => {
    if (goals.some((g) => g.operator === op.id)) {
      snackbar.show(t('planner.goals.add.alreadyToast', { name: operatorName(op, i18n.language) }), { severity: 'info' })
      return
    }
    change((p) => ({ ...p, goals: [...p.goals, newGoal(op)] }))
    snackbar.show(t('planner.goals.add.added', { name: operatorName(op, i18n.language) }), { severity: 'success' })
  }
  const onHave = useCallback((id: string, have: number) => change((p) => ({ ...p, stock: applyStock(p.stock, { [id]: have }, 'merge') })), [change])
  const onImportStock = (imported: Record<string, number>, mode: StockMode) => {
    change((p) => ({ ...p, stock: applyStock(p.stock, imported, mode) }))
    setDepotOpen(false)
    snackbar.show(t('planner.goals.depot.imported', { count: Object.keys(imported).length }), { severity: 'success' })
  }

  const actions = useProjectActions()

  const planRest = async () => {
    if (!counts) return
    const current = plannerStore.get().items
    if (current.length > 0) {
      const ok = await confirm({
        title: t('planner.goals.plan.replaceTitle'),
        message: t('planner.goals.plan.replaceMessage', { count: current.length }),
        confirmText: t('planner.goals.plan.replace'),
      })
      if (!ok) return
    }
    plannerStore.set((s) => ({ ...s, items: counts.counts }))
    void navigate(paths.planner.href())
  }

  const error = operators.error ?? items.error
  const loading = !operators.data || !items.data
  const present = useMemo(() => new Set(goals.map((g) => g.operator)), [goals])

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('menu.goals')}
      </Typography>
      <Typography color="text.secondary">{t('planner.goals.intro')}</Typography>
      {setAside > 0 && (
        <Alert severity="info" data-testid="goals-set-aside">
          {t('planner.goals.projects.setAside', { count: setAside })}
        </Alert>
      )}
      <ProjectBar state={state} project={project} actions={actions} />
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void (operators.error ? operators.refetch() : items.refetch())}>
              {t('planner.goals.retry')}
            </Button>
          }
        >
          {t('planner.goals.dataError')}
        </Alert>
      )}
      {loading && !error && (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography color="text.secondary">{t('planner.goals.loading')}</Typography>
        </Box>
      )}
      {operators.data && levels && (
        <>
          <Card component="section" aria-labelledby="goals-operators-title">
            <CardContent>
              <Typography variant="h6" component="h2" id="goals-operators-title" sx={{ mb: 1.5 }}>
                {t('planner.goals.operators.title', { count: goals.length })}
              </Typography>
              <OperatorPicker operators={operators.data.operators} present={present} onAdd={onAdd} />
              {goals.length === 0 && (
                <Typography color="text.secondary" sx={{ mt: 2 }}>
                  {t('planner.goals.operators.empty')}
                </Typography>
              )}
            </CardContent>
          </Card>
          {goals.length > 0 && (
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 400px), 1fr))',
                alignItems: 'start',
              }}
              data-testid="goal-list"
            >
              {goals.map((g, i) => {
                const op = opById.get(g.operator)
                if (!op)
                  return (
                    <Card component="li" variant="outlined" key={g.operator} data-testid="goal-missing" data-operator-id={g.operator}>
                      <CardContent>
                        <Typography>{t('planner.goals.operator.notOnServer', { id: g.operator, server })}</Typography>
                        <Button size="small" onClick={() => onRemove(g.operator)}>
                          {t('planner.goals.operator.removeShort')}
                        </Button>
                      </CardContent>
                    </Card>
                  )
                const view = totals?.perGoal[i]
                if (!view) return null
                return (
                  <GoalCard
                    key={g.operator}
                    op={op}
                    levels={levels}
                    goal={view.goal}
                    cost={view.cost}
                    problem={view.problem}
                    itemById={itemById}
                    onChange={onGoal}
                    onRemove={onRemove}
                  />
                )
              })}
            </Box>
          )}
          {totals && (
            <TotalsSection
              total={totals.total}
              stock={stock}
              itemById={itemById}
              offered={offered}
              skipped={totals.skipped}
              onHave={onHave}
              actions={
                <>
                  <Button variant="outlined" startIcon={<Inventory2Outlined />} onClick={() => setDepotOpen(true)} data-testid="goals-open-depot">
                    {t('planner.goals.depot.open')}
                  </Button>
                  <Button variant="contained" startIcon={<Calculate />} onClick={() => void planRest()} disabled={!missingPlanned} data-testid="goals-plan-rest">
                    {t('planner.goals.plan.button')}
                  </Button>
                </>
              }
            />
          )}
          <PlanNotes notPlanned={counts?.notPlanned ?? []} purchases={purchases} itemName={itemName} />
          {totals && !missingPlanned && goals.length > 0 && Object.keys(totals.total.items).length > 0 && (
            <Alert severity="success" data-testid="goals-covered">
              {t('planner.goals.plan.covered')}
            </Alert>
          )}
          <ForecastPanel
            options={options}
            onOptions={(patch) => change((p) => ({ ...p, options: { ...p.options, ...patch } }))}
            state={forecast}
            planState={planState}
            uncoveredNames={(ids) => ids.map(itemName).join(', ')}
          />
        </>
      )}
      <MountWhen when={depotOpen}>
        <DepotDialog open={depotOpen} known={known} itemById={itemById} nameToId={nameToId} onClose={() => setDepotOpen(false)} onImport={onImportStock} />
      </MountWhen>
    </Stack>
  )
}
