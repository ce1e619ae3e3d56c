/**
 * The 14 recognition exception codes of the product spec. The recogniser raises the first
 * eleven; `DropInfos::Violation`, `Fingerprint::Same` and `FileTimestamp::TooClose` come from
 * the batch checks in `batch.ts`.
 */
export const EXCEPTION_CODES = [
  '3stars::False',
  'DropAreaDrops::Illegal',
  'DropAreaDrops::LowConfidence',
  'DropAreaDropsQuantity::NotFound',
  'DropInfos::Violation',
  'DropQuantityChar::LowConfidence',
  'Droptypes::Illegal',
  'Droptypes::NotFound',
  'FileTimestamp::TooClose',
  'Fingerprint::Same',
  'Result::False',
  'Stage::Illegal',
  'Stage::NotFound',
  'StageChar::LowConfidence',
] as const

/** One of the spec's 14 exception codes. */
export type ExceptionCode = (typeof EXCEPTION_CODES)[number]

/** Warnings still block pre-selection, but the user may accept the result by hand. */
export type Severity = 'error' | 'warning'

const WARNINGS: ReadonlySet<ExceptionCode> = new Set(['StageChar::LowConfidence', 'DropQuantityChar::LowConfidence'])

/** An exception raised on one image: the code, where (dotted path) and a short English detail. */
export interface RecognitionException {
  code: ExceptionCode
  severity: Severity
  where: string
  detail: string
}

/** Builds an exception with the code's severity. */
export const exception = (code: ExceptionCode, where: string, detail: string): RecognitionException => ({
  code,
  severity: WARNINGS.has(code) ? 'warning' : 'error',
  where,
  detail,
})
