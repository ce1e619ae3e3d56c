import type { Server } from '@dropwise/schemas'

/** An active rejection rule as the verifier applies it (null criteria match anything). */
export interface ActiveRule {
  id: number
  reliability: number
  server: Server | null
  source: string | null
  version: string | null
  stageId: string | null
  /** Created at or after. */
  fromAt: number | null
  /** Created before. */
  untilAt: number | null
}

/** What a rule looks at in a report. */
export interface RuleSubject {
  server: string
  source: string
  version: string
  stageId: string
  createdAt: number
}

/** The same test the repository runs in SQL on past reports (ops.repository.ts `matching`). */
export const ruleMatches = (rule: ActiveRule, r: RuleSubject): boolean =>
  (rule.server === null || rule.server === r.server) &&
  (rule.source === null || rule.source === r.source) &&
  (rule.version === null || rule.version === r.version) &&
  (rule.stageId === null || rule.stageId === r.stageId) &&
  (rule.fromAt === null || r.createdAt >= rule.fromAt) &&
  (rule.untilAt === null || r.createdAt < rule.untilAt)

/** The oldest active rule that matches, or null: that rule's code is the report's reliability. */
export const firstMatchingRule = (rules: readonly ActiveRule[], r: RuleSubject): ActiveRule | null => rules.find((rule) => ruleMatches(rule, r)) ?? null
