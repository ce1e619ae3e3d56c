import type { DropType } from '@dropwise/schemas'
import { type DropBounds, type DropTableEntry, type ReportDropType, canonicalDropType, dropRules } from './drop-table'

/**
 * The pre-submit plausibility check of the report form and the recognition flow (spec 001 §4-5, web
 * reference §2.8). Unlike the server's `verifyReport` it **does** enforce `exceptions`, and it grades
 * violations by how far they are from the bounds. It never blocks a submission: it decides whether
 * the user must confirm first.
 */

/** Which check of a rule failed: below `lower`, above `upper`, or equal to an exception. */
export type ValidationCheck = 'gte' | 'lte' | 'not'

/** Drop types whose number of distinct items the form checks (not FURNITURE). */
export const TYPE_COUNT_DROP_TYPES: readonly DropType[] = ['NORMAL_DROP', 'SPECIAL_DROP', 'EXTRA_DROP']

/** Total deviation above which the warning is shown as "danger"; at or below it, "warning". */
export const DANGER_THRESHOLD = 2

interface ViolationBase {
  readonly dropType: DropType
  /** The checked value: the item's quantity, or the number of distinct items of the type. */
  readonly value: number
  readonly check: ValidationCheck
  readonly bounds: DropBounds
  /** Relative distance beyond the bounds, see {@link deviationRate}; 0 for an exception hit. */
  readonly rate: number
}

/** An item rule failed: the quantity of `itemId` under `dropType`. */
export interface ItemViolation extends ViolationBase {
  readonly kind: 'item'
  readonly itemId: string
}

/** A type rule failed: the number of distinct items under `dropType`. */
export interface TypeViolation extends ViolationBase {
  readonly kind: 'type'
}

export type Violation = ItemViolation | TypeViolation

/** `ok`: no violation; `warning`: violations with total rate ≤ 2; `danger`: total rate > 2. */
export type ValidationLevel = 'ok' | 'warning' | 'danger'

export interface ValidationResult {
  /** Type violations first (NORMAL, SPECIAL, EXTRA), then item violations in drop-table order. */
  readonly violations: readonly Violation[]
  /** Σ of the violations' rates; `Infinity` when a bound of 0 is exceeded. */
  readonly totalRate: number
  readonly level: ValidationLevel
}

/**
 * Deviation rate of `value` against `[lower, upper]`: `(value − upper)/upper` above the range plus
 * `(lower − value)/lower` below it, 0 inside (so an exception hit inside the bounds rates 0).
 * Examples: bounds [0, 3], value 6 → 1; bounds [1, 1], value 0 → 1; bounds [0, 0], value 1 → Infinity.
 */
export const deviationRate = (value: number, bounds: DropBounds): number => {
  const up = value > bounds.upper ? (value - bounds.upper) / bounds.upper : 0
  const low = value < bounds.lower ? (bounds.lower - value) / bounds.lower : 0
  return up + low
}

/** The first failing check of `value` against `bounds` in the web's order gte, lte, not; `null` if none. */
export const failedCheck = (value: number, bounds: DropBounds): ValidationCheck | null => {
  if (value < bounds.lower) return 'gte'
  if (value > bounds.upper) return 'lte'
  if (bounds.exceptions?.includes(value) === true) return 'not'
  return null
}

/** Level of a set of violations: `ok` when there are none, else by total rate against {@link DANGER_THRESHOLD}. */
export const validationLevel = (violations: readonly Violation[]): ValidationLevel => {
  if (violations.length === 0) return 'ok'
  return totalRate(violations) > DANGER_THRESHOLD ? 'danger' : 'warning'
}

const totalRate = (violations: readonly Violation[]): number => violations.reduce((sum, v) => sum + v.rate, 0)

/**
 * Validates a single-run report (what the form and the recognition produce) against the stage's
 * active drop table (the wire `dropInfos`):
 * - each item rule: the quantity of that (item, type) in the report (summed, 0 if absent);
 * - each type rule of NORMAL/SPECIAL/EXTRA: the number of distinct items reported under the type;
 * each checked in the order gte `lower`, lte `upper`, not in `exceptions`, first failure only.
 * Entries with quantity ≤ 0 count as absent (the form removes them). Missing rules mean no check;
 * reported items without a rule are not flagged here (the form only offers items of the table; the
 * server's check rejects them). `REGULAR_DROP` is read as `NORMAL_DROP`.
 */
export const validateReport = (
  drops: readonly { readonly dropType: ReportDropType; readonly itemId: string; readonly quantity: number }[],
  dropInfos: readonly DropTableEntry[],
): ValidationResult => {
  const quantities = new Map<string, number>()
  const itemsByType = new Map<DropType, Set<string>>()
  for (const drop of drops) {
    if (!(drop.quantity > 0)) continue
    const dropType = canonicalDropType(drop.dropType)
    const key = `${dropType}\u0000${drop.itemId}`
    quantities.set(key, (quantities.get(key) ?? 0) + drop.quantity)
    const items = itemsByType.get(dropType) ?? new Set<string>()
    items.add(drop.itemId)
    itemsByType.set(dropType, items)
  }

  const rules = dropRules(dropInfos)
  const violations: Violation[] = []
  for (const dropType of TYPE_COUNT_DROP_TYPES) {
    for (const rule of rules) {
      if (rule.itemId !== null || rule.dropType !== dropType) continue
      const value = itemsByType.get(dropType)?.size ?? 0
      const check = failedCheck(value, rule.bounds)
      if (check !== null) violations.push({ kind: 'type', dropType, value, check, bounds: rule.bounds, rate: deviationRate(value, rule.bounds) })
    }
  }
  for (const rule of rules) {
    if (rule.itemId === null) continue
    const value = quantities.get(`${rule.dropType}\u0000${rule.itemId}`) ?? 0
    const check = failedCheck(value, rule.bounds)
    if (check !== null) {
      violations.push({ kind: 'item', dropType: rule.dropType, itemId: rule.itemId, value, check, bounds: rule.bounds, rate: deviationRate(value, rule.bounds) })
    }
  }
  return { violations, totalRate: totalRate(violations), level: validationLevel(violations) }
}

/** What the form does on submit. */
export type SubmitPrecheck = { readonly action: 'submit' } | { readonly action: 'confirm'; readonly cause: 'limitation' | 'noDrop' }

/**
 * The form's submit decision (spec 001 §4 "Report flow"): gacha stages submit directly; otherwise a
 * report without drops (none with quantity > 0) asks for confirmation with cause `noDrop`, any
 * violation with cause `limitation`; else submit. `noDrop` wins when both apply, since an empty
 * report's violations (unmet lower bounds) follow from the emptiness.
 */
export const precheckSubmit = (stage: { readonly isGacha?: boolean }, drops: readonly { readonly quantity: number }[], result: ValidationResult): SubmitPrecheck => {
  if (stage.isGacha === true) return { action: 'submit' }
  if (!drops.some((d) => d.quantity > 0)) return { action: 'confirm', cause: 'noDrop' }
  if (result.violations.length > 0) return { action: 'confirm', cause: 'limitation' }
  return { action: 'submit' }
}

/**
 * Whether recognition flags a result with `DropInfos::Violation`: only when the total rate is > 0,
 * so a result whose only violations are exception hits is not flagged (web reference §2.8).
 */
export const isRecognitionViolation = (result: ValidationResult): boolean => result.totalRate > 0
