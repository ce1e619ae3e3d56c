import type { PlanRequest, PlanResponse, PlanSuccess } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import type { Calculation } from './calculate-state'
import { applyCraft, craftShortages, type WholeCraft } from './craft'
import { failureText, planOnServer } from './plan-call'
import { buildPlanRequest } from './plan-request'
import { plannerStore } from './planner-store'
import type { usePlannerEngine } from './use-planner-engine'

export const CALCULATION_ERROR_MS = 15_000
export const CRAFT_NOTICE_MS = 3000

export interface CalculationInput {
  engine: ReturnType<typeof usePlannerEngine>
  /** `planner.url` of `/config`: the planner service used while the in-browser engine is not ready. */
  serverPlannerUrl: unknown
  request: PlanRequest | null
  server: Server
  offered: ReadonlySet<string>
  itemName: (id: string) => string
  unobtainable: (ids: string[]) => string
}

/**
 * The Calculate button's calculation and the result dialog: solves in the browser when the engine
 * is ready (else on the server), shows failures as notices, and applies a plan's crafts to the
 * counts, then calculates again.
 */
export const usePlannerCalculation = ({ engine, serverPlannerUrl, request, server, offered, itemName, unobtainable }: CalculationInput) => {
  const { t } = useTranslation()
  const [calc, setCalc] = useState<Calculation>({ status: 'idle' })
  const [resultOpen, setResultOpen] = useState(false)
  // Only the latest calculation may change the state: a craft's recalculation can overlap an earlier one.
  const calcSeq = useRef(0)
  // The plan a craft was made from: its crafts are spent, repeated clicks on it do nothing.
  const craftedFrom = useRef<object | null>(null)
  const craftToast = useRef<number | null>(null)

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
      else response = await planOnServer(typeof serverPlannerUrl === 'string' ? serverPlannerUrl : '/planner/plan', req)
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

  /** Shows a plan solved elsewhere (the live card's) in the result dialog. */
  const show = (key: string, plan: PlanSuccess) => {
    setCalc({ status: 'done', key, plan })
    setResultOpen(true)
  }

  const shownPlan = calc.status === 'done' ? calc.plan : null
  return {
    calc,
    shownPlan,
    /** The shown plan's crafts were applied already. */
    crafted: shownPlan !== null && craftedFrom.current === shownPlan,
    resultOpen,
    setResultOpen,
    calculate,
    craft,
    show,
  }
}
