import { z } from 'zod'
import { DataChangesSchema } from './game-data'
import { ServerSchema } from './common'

/** A whole number in a query string: digits only (no sign, no fraction, no empty value). */
const QueryCountSchema = z
  .string()
  .regex(/^\d{1,12}$/, 'must be a whole number ≥ 0')
  .transform(Number)

/** One file of an open-data snapshot (docs/api-extensions.md §3m). */
export const ExportFileSchema = z
  .object({
    name: z.string().describe('e.g. `CN.json.gz`, `CN-matrix.csv.gz`'),
    server: ServerSchema,
    format: z.enum(['json', 'csv']),
    table: z.enum(['all', 'matrix', 'patterns', 'stats']).describe('`all`: the JSON file holds the three tables'),
    url: z.string().describe('where this snapshot’s copy is served (path on this server)'),
    bytes: z.number().int().nonnegative().describe('size of the gzip file'),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('SHA-256 of the gzip file; also its ETag'),
  })
  .meta({ id: 'ExportFile' })
export type ExportFile = z.infer<typeof ExportFileSchema>

export const ExportSnapshotSchema = z
  .object({
    id: z.string().describe('`YYYY-MM-DD` (daily, UTC) or `v<game-data version>`'),
    kind: z.enum(['daily', 'version']),
    asOf: z.number().int().describe('epoch ms: when the data it holds last changed (the aggregates or the game data), the only time inside the files'),
    dataVersion: z.object({
      aggregates: z.number().int().nonnegative().describe('the aggregated statistics’ version'),
      gameData: z.number().int().nonnegative().describe('the game-data version (`GET /api/v2/changes`)'),
    }),
    createdAt: z.number().int().describe('epoch ms when this snapshot was taken'),
    files: z.array(ExportFileSchema),
  })
  .meta({ id: 'ExportSnapshot' })
export type ExportSnapshot = z.infer<typeof ExportSnapshotSchema>

/** `GET /api/v2/export/snapshots`: every kept snapshot, newest first. */
export const ExportIndexSchema = z
  .object({
    license: z.literal('CC BY-NC 4.0'),
    licenseUrl: z.string(),
    attribution: z.string(),
    keptDays: z.number().int().positive(),
    latest: z.string().nullable().describe('id of the newest snapshot, also served under `…/snapshots/latest/<file>`; null before the first'),
    snapshots: z.array(ExportSnapshotSchema),
  })
  .meta({ id: 'ExportIndex' })
export type ExportIndex = z.infer<typeof ExportIndexSchema>

export const ExportFileParamsSchema = z.object({
  snapshot: z
    .string()
    .regex(/^(latest|\d{4}-\d{2}-\d{2}|v\d{1,9})$/, 'must be latest, a day (YYYY-MM-DD) or v<version>')
    .describe('`latest`, a day `YYYY-MM-DD` or `v<game-data version>`'),
  file: z
    .string()
    .regex(/^(CN|US|JP|KR)(\.json|-matrix\.csv|-patterns\.csv|-stats\.csv)(\.gz)?$/, 'must be <server>.json[.gz] or <server>-<matrix|patterns|stats>.csv[.gz]')
    .describe(
      '`<server>.json.gz` or `<server>-matrix.csv.gz`, `-patterns.csv.gz`, `-stats.csv.gz`: the stored gzip file; without `.gz`, the same ' +
        'content as JSON or CSV (sent gzip-encoded to clients that accept it), for a browser or a spreadsheet',
    ),
})

/** `GET /api/v2/changes` (docs/api-extensions.md §3m). */
export const ChangesQuerySchema = z.object({
  since: QueryCountSchema.optional().describe('the game-data version the caller has; 0 or absent: every version'),
  rules_since: QueryCountSchema.optional().describe('the rule-change id the caller has (`current.rules`); absent: rule changes since version `since` was applied'),
})

export const ChangedRuleSchema = z
  .object({
    id: z.number().int().positive().describe('the rule change’s id (ordered; `rules_since` takes it)'),
    at: z.number().int().describe('epoch ms'),
    action: z.enum(['added', 'removed']),
    rule: z.object({
      id: z.number().int().positive(),
      reliability: z.number().int().describe('the reliability code reports it matches get (api-v2 §7.4)'),
      server: ServerSchema.nullable(),
      source: z.string().nullable(),
      version: z.string().nullable(),
      stageId: z.string().nullable().describe('null: every stage; the matrices of what it matches change'),
      from: z.number().int().nullable(),
      until: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'ChangedRule' })

export const ChangedVersionSchema = z
  .object({
    version: z.number().int().positive(),
    origin: z.enum(['seed', 'sync']),
    appliedAt: z.number().int().describe('epoch ms'),
    asOf: z.number().int().describe('epoch ms of the newest source it was derived from'),
    changes: DataChangesSchema.describe('per kind (stages, items, zones, dropInfos = windows, periods, formulas, operators): counts and, where kept, ids'),
    snapshot: z.string().nullable().describe('the open-data snapshot taken at this version (`v<version>`), once taken'),
  })
  .meta({ id: 'ChangedVersion' })

export const ChangesFeedSchema = z
  .object({
    since: z.number().int().nonnegative(),
    current: z.object({ version: z.number().int().nonnegative(), rules: z.number().int().nonnegative().describe('the newest rule change’s id, 0 for none') }),
    versions: z.array(ChangedVersionSchema).describe('the versions after `since`, oldest first'),
    rules: z.array(ChangedRuleSchema).describe('rejection-rule changes after `rules_since`, oldest first'),
    next: z.string().describe('the URL to poll next (with `If-None-Match`)'),
  })
  .meta({ id: 'ChangesFeed' })
export type ChangesFeed = z.infer<typeof ChangesFeedSchema>
