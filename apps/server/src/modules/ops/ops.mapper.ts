import type { AuditEntry, Existence, OpsNotice, RejectionRule, Server } from '@dropwise/schemas'
import type { Selectable } from 'kysely'
import type { NoticesTable, OpsAuditTable, RejectionRulesTable } from '../../db/database'
import type { ActiveRule } from './rejection-rule'

const n = (v: number | null) => (v === null ? null : Number(v))

export const toOpsNotice = (row: Selectable<NoticesTable>): OpsNotice => ({
  id: row.notice_id,
  existence: row.existence as Existence,
  severity: row.severity,
  content_i18n: row.content_i18n as OpsNotice['content_i18n'],
  createdAt: n(row.created_at),
  updatedAt: n(row.updated_at),
  retiredAt: n(row.retired_at),
})

export const toRule = (row: Selectable<RejectionRulesTable>, rejected: number): RejectionRule => ({
  id: Number(row.rule_id),
  reliability: row.reliability,
  server: row.server as Server | null,
  source: row.source,
  version: row.version,
  stageId: row.stage_id,
  from: n(row.from_at),
  until: n(row.until_at),
  note: row.note,
  createdAt: Number(row.created_at),
  removedAt: n(row.removed_at),
  rejected,
})

export const toActiveRule = (rule: RejectionRule): ActiveRule => ({
  id: rule.id,
  reliability: rule.reliability,
  server: rule.server,
  source: rule.source,
  version: rule.version,
  stageId: rule.stageId,
  fromAt: rule.from,
  untilAt: rule.until,
})

export const toAuditEntry = (row: Selectable<OpsAuditTable>): AuditEntry => ({
  id: Number(row.audit_id),
  at: Number(row.at),
  actor: row.actor,
  action: row.action as AuditEntry['action'],
  target: row.target,
  before: row.before ?? null,
  after: row.after ?? null,
})
