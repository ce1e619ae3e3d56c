import type { DropTableVerdict } from './verify-report'

/**
 * Report reliability codes (api-v2.md §7.4). Only 0 counts in global statistics; personal statistics
 * count every code ≥ 0.
 */
export const RELIABILITY = {
  /** Passed every check. */
  ok: 0,
  /** Recalled by the user; counted nowhere, not even in personal statistics. */
  recalled: -1,
  /** Legacy "unreliable" (imported data). */
  legacyUnreliable: 1,
  /** The reporting account does not exist. */
  accountMissing: 4,
  /** The screenshot's `metadata.md5` was already seen in an earlier report. */
  duplicateScreenshot: 5,
  /** Drops inconsistent with the stage's drop table. */
  dropTableMismatch: 6,
  /** The rejection-rule engine failed. */
  ruleEngineFailed: 7,
} as const

/** Smallest and largest code an operator-defined rejection rule may assign. */
export const REJECTION_RULE_CODE_MIN = 256
export const REJECTION_RULE_CODE_MAX = 1023

/** Outcome of the (optional) operator rejection rules for one report. */
export type RejectionRuleOutcome =
  | { readonly kind: 'pass' }
  | { readonly kind: 'error' }
  /** A rule matched; `code` is the code the rule assigns (256..1023). */
  | { readonly kind: 'matched'; readonly code: number }

/** The facts the asynchronous verification gathers about one report. */
export interface VerificationFacts {
  /** The account the report was filed under exists. */
  readonly accountExists: boolean
  /** `metadata.md5` is present and was already seen in an earlier report (false when absent). */
  readonly md5Seen: boolean
  /** Result of `verifyReport` against the active drop table. */
  readonly dropTable: DropTableVerdict
  /** Rejection rules; omitted = no rules configured (ours by default) = pass. */
  readonly rejection?: RejectionRuleOutcome
}

/**
 * The reliability code of a freshly verified report: the checks run in the order account (4),
 * screenshot md5 (5), drop table (6), rejection rules (7 on engine failure, the rule's code on a
 * match), and the first failing check decides; all passing gives 0.
 *
 * A matched rule whose code is outside 256..1023 is an operator error and yields 7 (rule engine
 * failed) rather than a code with another meaning. Recall (−1) and legacy (1) are not verification
 * outcomes: they are set by recall and import respectively.
 */
export const reliabilityOf = (facts: VerificationFacts): number => {
  if (!facts.accountExists) return RELIABILITY.accountMissing
  if (facts.md5Seen) return RELIABILITY.duplicateScreenshot
  if (!facts.dropTable.ok) return RELIABILITY.dropTableMismatch
  const rejection = facts.rejection ?? { kind: 'pass' }
  switch (rejection.kind) {
    case 'pass':
      return RELIABILITY.ok
    case 'error':
      return RELIABILITY.ruleEngineFailed
    case 'matched':
      return Number.isInteger(rejection.code) && rejection.code >= REJECTION_RULE_CODE_MIN && rejection.code <= REJECTION_RULE_CODE_MAX
        ? rejection.code
        : RELIABILITY.ruleEngineFailed
  }
}

/** Whether a report with this code counts in global statistics (only 0). */
export const countsGlobally = (reliability: number): boolean => reliability === RELIABILITY.ok

/** Whether a report with this code counts in its owner's personal statistics (every code ≥ 0). */
export const countsPersonally = (reliability: number): boolean => reliability >= 0
