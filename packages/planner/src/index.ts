/**
 * @dropwise/planner: the ArkPlanner farming LP (../shared/docs/planner-model.md beside the checkout) solved with HiGHS.
 *
 * Pure: the caller passes the loaded HiGHS runtime and the API data, so this works in Node and
 * in a Web Worker alike.
 *
 * ```ts
 * import loadHighs from 'highs'
 * const planner = createPlanner(await loadHighs(), { CN: { items, stages, matrix, formulas } },
 *   { clock: () => performance.now() })
 * const answer = planner.plan({ required: { '30012': 30 }, server: 'CN' })
 * if (answer.error) show(answer.reason)
 * ```
 *
 * Also pure and for the same page: {@link parseDepot} reads a depot export (MAA, arkntools' toolbox, Penguin's
 * planner) into stock, and {@link forecastFinish} simulates a plan's finish from the rates' uncertainty.
 */
export { createPlanner, plan, valuationRequest } from './planner'
export type { Planner, PlannerOptions, PlannerSources, ValuationRequest } from './planner'
export { EXP_CARD_IDS, RANKABLE_HALF_WIDTH, Z95 } from './efficiency'
export type { CraftCost, ItemValue, StageDrop, StageEfficiency, Valuation } from './efficiency'
export { prepareModel } from './lp-model'
export { CHIP_CATALYST_ID, GOAL_CRAFTS, GOAL_FORECAST_CRAFTS, GOAL_EXTRA_ITEMS, GOAL_PLAN_ITEM_IDS, prepareGoalModel } from './goal-plan'
export type { HighsRuntime } from './solve'
export { formatCount, formatCraftCount, formatValue } from './format'
export { PSEUDO_DEMAND } from './constants'
export { DepotImportError, PENGUIN_CONFIG_TYPE, PENGUIN_DEPOT_TYPE, parseDepot } from './depot'
export { preview as previewValue } from './depot/readers'
export type { DepotErrorCode, DepotFormat, DepotShape, ParseDepotOptions, ParsedDepot, SkippedDepotEntry, UnknownDepotItem } from './depot'
export { FORECAST_SAMPLES, forecastFinish, forecastPlanFromResult } from './forecast/index'
export type { FinishForecast, ForecastFormula, ForecastInput, ForecastRate, ForecastStageRun } from './forecast/index'
export { addOperatorCost, checkOperatorGoal, levelCap, maxElite, maxSkillLevel, operatorGoalCost } from './operators'
export type { OperatorCost } from './operators'
export type {
  I18n,
  Lang,
  LpStatus,
  LpSummary,
  PlanFailure,
  PlanFailureCode,
  PlanPurchase,
  PlannerData,
  PlannerFormula,
  PlannerItem,
  PlannerLang,
  PlannerMatrixElement,
  PlannerStage,
  PlanRequest,
  PlanResponse,
  PlanStage,
  PlanSuccess,
  PlanSynthesis,
  PlanValueLevel,
  Server,
  ServerExistence,
} from './types'
