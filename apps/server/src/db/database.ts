import type { Generated } from 'kysely'

/** Kysely table types; rows stay inside apps/server (mappers turn them into wire types). */
type Json = unknown

export interface ItemsTable {
  item_id: string
  name_i18n: Json
  existence: Json
  item_type: string
  sort_id: number
  rarity: number
  group_id: string | null
  sprite_coord: Json | null
  alias: Json | null
  pron: Json | null
  inferred: string[]
}

export interface ZonesTable {
  zone_id: string
  zone_index: number
  type: string
  sub_type: string | null
  name_i18n: Json
  existence: Json
  background: string | null
  inferred: string[]
}

export interface StagesTable {
  stage_id: string
  zone_id: string
  stage_type: string
  code_i18n: Json
  ap_cost: number
  min_clear_time: number | null
  existence: Json
  is_gacha: boolean
  inferred: string[]
}

export interface DropInfosTable {
  drop_info_id: Generated<number>
  server: string
  stage_id: string
  item_id: string | null
  drop_type: string
  lower_bound: number | null
  upper_bound: number | null
  exceptions: number[] | null
  start_at: number
  end_at: number
  accumulable: boolean
  inferred: string[]
}

export interface PeriodsTable {
  period_id: Generated<number>
  period_key: string
  start_at: number
  end_at: number
  label_i18n: Json
  existence: Json
  zone_id: string | null
}

export interface FormulasTable {
  item_id: string
  sort_order: number
  body: Json
}

export interface NoticesTable {
  notice_id: number
  existence: Json
  severity: number | null
  content_i18n: Json
  created_at: number | null
  updated_at: number | null
  retired_at: number | null
}

export interface PropertiesTable {
  key: string
  value: Json
  updated_at: number
}

export interface AccountsTable {
  account_id: Generated<number>
  penguin_id: string
  created_at: number
  ip: string | null
}

export interface DropPatternsTable {
  pattern_id: Generated<number>
  hash: string
  drops: Json
}

export interface DropReportsTable {
  report_id: Generated<number>
  report_hash: string
  server: string
  stage_id: string
  pattern_id: number
  drops: Json
  times: number
  account_id: number
  source: string
  version: string
  category: string
  created_at: number
  reliability: number | null
  ip: string | null
  md5: string | null
  metadata: Json | null
  /** The rejection rule that set `reliability` (migration 0010). */
  rule_id: number | null
}

export interface MatrixBaselinesTable {
  server: string
  stage_id: string
  item_id: string
  times: number
  quantity: number
  std_dev: number
  start_at: number
  end_at: number
  source: string
}

/** Issue 40 (migration 0013): a Penguin-compatible upstream's matrix rows per server, what was fetched, and the baselines in effect. */
export type UpstreamBaselinesTable = Omit<MatrixBaselinesTable, 'source'>
export type UpstreamFetchesTable = { server: string; url: string; fetched_at: number; sha256: string; pairs: number; unmatched: number; unknown: number }
export type BaselinesInEffectView = UpstreamBaselinesTable & { upstream: boolean }

export interface AggStageDailyTable {
  server: string
  category: string
  stage_id: string
  day: number
  times: number
  reports: number
  single_run_reports: number
}

export interface AggItemDailyTable {
  server: string
  category: string
  stage_id: string
  item_id: string
  day: number
  quantity: number
  /** Σ q² over the day's reports: with `quantity` and the stage's times it gives the stdDev. */
  quantity_sq: number
  histogram: Json
}

export interface AggPatternDailyTable {
  server: string
  category: string
  stage_id: string
  pattern_id: number
  day: number
  reports: number
}

export interface AggStageTotalTable {
  server: string
  category: string
  stage_id: string
  times: number
  reports: number
  single_run_reports: number
  min_day: number
  max_day: number
}

export interface AggItemTotalTable {
  server: string
  category: string
  stage_id: string
  item_id: string
  quantity: number
  quantity_sq: number
}

export interface RecognitionDefectsTable {
  defect_id: string
  created_at: number
  environment: Json
  result: Json
  upload_token: string
  ip: string | null
  image: Uint8Array | null
  image_type: string | null
  image_bytes: number | null
  uploaded_at: number | null
  /** Bytes of the environment and result as stored, plus a row overhead (migration 0007). */
  body_bytes: number
}

export interface IdempotencyKeysTable {
  idem_key: string
  status: number
  headers: Json
  body: string
  expires_at: number
}

export interface RejectionRulesTable {
  rule_id: Generated<number>
  reliability: number
  server: string | null
  source: string | null
  version: string | null
  stage_id: string | null
  from_at: number | null
  until_at: number | null
  note: string | null
  created_at: number
  removed_at: number | null
}

export interface OpsAuditTable {
  audit_id: Generated<number>
  at: number
  actor: string
  action: string
  target: string | null
  before: Json | null
  after: Json | null
}

export interface DataVersionsTable {
  version: number
  origin: 'seed' | 'sync'
  applied_at: number
  as_of: number
  sources: Json
  counts: Json
  changes: Json
}

export interface OperatorsTable {
  operator_id: string
  star: number
  body: Json
}

export interface OperatorLevelsTable {
  id: number
  body: Json
}

export interface Database {
  items: ItemsTable
  zones: ZonesTable
  stages: StagesTable
  drop_infos: DropInfosTable
  periods: PeriodsTable
  formulas: FormulasTable
  notices: NoticesTable
  properties: PropertiesTable
  accounts: AccountsTable
  drop_patterns: DropPatternsTable
  drop_reports: DropReportsTable
  matrix_baselines: MatrixBaselinesTable
  upstream_baselines: UpstreamBaselinesTable
  upstream_fetches: UpstreamFetchesTable
  baselines_in_effect: BaselinesInEffectView
  agg_stage_daily: AggStageDailyTable
  agg_item_daily: AggItemDailyTable
  agg_pattern_daily: AggPatternDailyTable
  agg_stage_total: AggStageTotalTable
  agg_item_total: AggItemTotalTable
  idempotency_keys: IdempotencyKeysTable
  recognition_defects: RecognitionDefectsTable
  rejection_rules: RejectionRulesTable
  ops_audit: OpsAuditTable
  data_versions: DataVersionsTable
  operators: OperatorsTable
  operator_levels: OperatorLevelsTable
  schema_migrations: { version: string; applied_at: number }
}
