export { createPlanner, plan } from './planner'
export type { Planner, PlannerOptions, PlannerSources } from './planner'
export type { HighsRuntime } from './solve'
export { formatCount, formatCraftCount, formatValue } from './format'
export { PSEUDO_DEMAND } from './constants'
export type {
  I18n,
  Lang,
  LpStatus,
  LpSummary,
  PlanFailure,
  PlanFailureCode,
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
