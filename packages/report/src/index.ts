// Public surface of @dropwise/report: report normalisation, recruit tags, drop-table verification,
// reliability codes and the client-side plausibility check.
export { dropRules, activeDropTable, canonicalDropType, isReportDropType } from './drop-table'
export type { DropBounds, ReportDropType, DropTableEntry, TimedDropTableEntry, DropRule } from './drop-table'
export { normalizeDrops, normalizeTimes, normalizeReport, dropPattern, checkRuns, MAX_REPORT_TIMES } from './normalize'
export type { SubmittedDrop, NormalizedDrop, KnownItems, NormalizedReport, RunsVerdict } from './normalize'
export { RECRUIT_TAG_ITEM_TYPE, buildRecruitTagLookup, resolveRecruitTags, recruitTagErrorMessage } from './recruit-tags'
export type { RecruitTagItem, RecruitTagLookup, RecruitTagResolution } from './recruit-tags'
export { verifyReport, typeCountUpper } from './verify-report'
export type { DropTableFailure, DropTableVerdict, VerifiableReport } from './verify-report'
export { RELIABILITY, REJECTION_RULE_CODE_MIN, REJECTION_RULE_CODE_MAX, reliabilityOf, countsGlobally, countsPersonally } from './reliability'
export type { RejectionRuleOutcome, VerificationFacts } from './reliability'
export {
  TYPE_COUNT_DROP_TYPES,
  DANGER_THRESHOLD,
  deviationRate,
  failedCheck,
  validationLevel,
  validateReport,
  precheckSubmit,
  isRecognitionViolation,
} from './validate-report'
export type { ValidationCheck, ItemViolation, TypeViolation, Violation, ValidationLevel, ValidationResult, SubmitPrecheck } from './validate-report'
export { existsOn, zoneTimeValid, isZoneOutdated, reportClosedReason } from './stage-status'
export type { ClosedReason, ExistenceEntry, ExistenceMap, StatusZone, StatusStage } from './stage-status'
