/**
 * How a recognised screenshot is judged: its outcome from its exceptions, whether it may be and is
 * at first selected for upload, and its exceptions grouped for display.
 */
import type { ExceptionCode, RecognitionException } from '@dropwise/recognizer'

export type Outcome = 'success' | 'warning' | 'error'

/** Success without exceptions, warning with warnings only, error with any error-severity exception. */
export const outcomeOf = (exceptions: readonly RecognitionException[]): Outcome =>
  exceptions.some((e) => e.severity === 'error') ? 'error' : exceptions.length > 0 ? 'warning' : 'success'

/** Errors (failed and abnormal results, duplicates, rule violations) can never be selected for upload. */
export const isSelectable = (outcome: Outcome): boolean => outcome !== 'error'

/** Only clean results are selected at first; a warning needs the user's explicit accept. */
export const isPreselected = (outcome: Outcome): boolean => outcome === 'success'

/** Exceptions shown once per code, with how often they occurred, errors first. */
export const groupExceptions = (
  exceptions: readonly RecognitionException[],
): { code: ExceptionCode; severity: RecognitionException['severity']; count: number; where: string[] }[] => {
  const byCode = new Map<ExceptionCode, { code: ExceptionCode; severity: RecognitionException['severity']; count: number; where: string[] }>()
  for (const e of exceptions) {
    const g = byCode.get(e.code) ?? { code: e.code, severity: e.severity, count: 0, where: [] }
    g.count++
    g.where.push(e.where)
    byCode.set(e.code, g)
  }
  return [...byCode.values()].sort((a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning'))
}
