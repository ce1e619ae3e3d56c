import type { DropType } from '@dropwise/schemas'
import { type DropTableEntry, dropRules } from './drop-table'

/**
 * The server's drop-table check (api-v2.md §7.4, reliability code 6). It never changes the HTTP
 * response; a failure only flags the stored report.
 */

/** Why a report does not fit the drop table. */
export type DropTableFailure =
  /** The stage has no active drop rules at the report time and the report has drops. */
  | { readonly ok: false; readonly reason: 'no-active-drop-infos' }
  /** A reported (type, item) has no item-level rule. */
  | { readonly ok: false; readonly reason: 'unexpected-drop'; readonly dropType: DropType; readonly itemId: string }
  /** An item's summed quantity under a type is outside `[lower·t, upper·t]`. */
  | {
      readonly ok: false
      readonly reason: 'item-quantity'
      readonly dropType: DropType
      readonly itemId: string
      readonly quantity: number
      readonly min: number
      readonly max: number
    }
  /** The number of distinct items under a type is outside `[lower, max(upper, min(t, n))]`. */
  | {
      readonly ok: false
      readonly reason: 'type-count'
      readonly dropType: DropType
      readonly count: number
      readonly min: number
      readonly max: number
    }

/** Verdict of {@link verifyReport}. */
export type DropTableVerdict = { readonly ok: true } | DropTableFailure

/** A report as the check sees it: normalised drops (canonical types) and runs `t` ≥ 1. */
export interface VerifiableReport {
  readonly drops: readonly { readonly dropType: DropType; readonly itemId: string; readonly quantity: number }[]
  readonly times: number
}

/**
 * Checks a normalised report against the stage's **active** drop table for the report's server and
 * time (select it with `activeDropTable`; recognition-only and bound-less entries are ignored here
 * anyway). With `t = times`, in this order, stopping at the first failure:
 *
 * 1. no rules at all: any drop fails (`no-active-drop-infos`), an empty report passes;
 * 2. every reported (type, item) with quantity > 0 needs an item-level rule (`unexpected-drop`);
 * 3. every item-level rule: the item's summed quantity under that type (0 if not reported) must lie
 *    in `[lower·t, upper·t]` (`item-quantity`);
 * 4. every type-level rule: the number of distinct items reported under that type must lie in
 *    `[lower, max(upper, min(t, n))]`, n = number of item-level rules of that type (`type-count`).
 *
 * `exceptions` are **not** enforced, like the public service. Duplicate (type, item) entries are summed.
 */
export const verifyReport = (report: VerifiableReport, table: readonly DropTableEntry[]): DropTableVerdict => {
  const rules = dropRules(table)
  const t = report.times
  const quantities = new Map<string, number>()
  const itemsByType = new Map<DropType, Set<string>>()
  for (const drop of report.drops) {
    if (!(drop.quantity > 0)) continue
    const key = pairKey(drop.dropType, drop.itemId)
    quantities.set(key, (quantities.get(key) ?? 0) + drop.quantity)
    const items = itemsByType.get(drop.dropType) ?? new Set<string>()
    items.add(drop.itemId)
    itemsByType.set(drop.dropType, items)
  }

  if (rules.length === 0) return quantities.size === 0 ? { ok: true } : { ok: false, reason: 'no-active-drop-infos' }

  const itemRules = rules.filter((r) => r.itemId !== null)
  const ruled = new Set(itemRules.map((r) => pairKey(r.dropType, r.itemId!)))
  for (const drop of report.drops) {
    if (drop.quantity > 0 && !ruled.has(pairKey(drop.dropType, drop.itemId))) {
      return { ok: false, reason: 'unexpected-drop', dropType: drop.dropType, itemId: drop.itemId }
    }
  }

  for (const rule of itemRules) {
    const itemId = rule.itemId!
    const quantity = quantities.get(pairKey(rule.dropType, itemId)) ?? 0
    const min = rule.bounds.lower * t
    const max = rule.bounds.upper * t
    if (quantity < min || quantity > max) return { ok: false, reason: 'item-quantity', dropType: rule.dropType, itemId, quantity, min, max }
  }

  for (const rule of rules) {
    if (rule.itemId !== null) continue
    const count = itemsByType.get(rule.dropType)?.size ?? 0
    const n = itemRules.filter((r) => r.dropType === rule.dropType).length
    const min = rule.bounds.lower
    const max = typeCountUpper(rule.bounds.upper, t, n)
    if (count < min || count > max) return { ok: false, reason: 'type-count', dropType: rule.dropType, count, min, max }
  }
  return { ok: true }
}

/**
 * Upper bound on distinct items of a type for a `t`-run report: `max(upper, min(t, n))` with `n` the
 * number of item-level rules of that type (several runs can reveal more distinct items, but never
 * more than the table lists).
 */
export const typeCountUpper = (upper: number, times: number, itemRuleCount: number): number => Math.max(upper, Math.min(times, itemRuleCount))

const pairKey = (dropType: DropType, itemId: string): string => `${dropType}\u0000${itemId}`
