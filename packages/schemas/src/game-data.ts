import { z } from 'zod'

/** One source file a game-data version was derived from (issue 36). */
export const DataSourceFileSchema = z.object({
  repo: z.string().describe('owner/name, e.g. arkntools/arknights-toolbox-data'),
  ref: z.string().describe('the branch (or commit) it was fetched at'),
  commit: z.string().nullable().describe('the commit, where the layout gives one (e.g. a version file); null otherwise'),
  path: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().nonnegative(),
})
export type DataSourceFile = z.infer<typeof DataSourceFileSchema>

/** Per kind of reference data (items, zones, stages, dropInfos, periods, formulas, …): how many. */
export const DataCountsSchema = z.record(z.string(), z.number().int().nonnegative())
/** Per kind: what a version changed against the one before it. */
export const DataChangesSchema = z.record(
  z.string(),
  z.object({
    added: z.number().int().nonnegative(),
    removed: z.number().int().nonnegative(),
    changed: z.number().int().nonnegative(),
    ids: z
      .object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) })
      .optional()
      .describe('the ids behind the counts (drop infos: the `server|stageId` groups whose windows changed); absent on versions recorded before they were kept'),
  }),
)

/** A game-data version: the seed (version 1) or an applied sync. */
export const DataVersionSchema = z
  .object({
    version: z.number().int().positive(),
    origin: z.enum(['seed', 'sync']),
    appliedAt: z.number().int().describe('epoch ms when it was applied'),
    asOf: z.number().int().describe('epoch ms of the newest source it was derived from ("game data as of")'),
    sources: z.array(DataSourceFileSchema),
    counts: DataCountsSchema,
    changes: DataChangesSchema,
  })
  .meta({ id: 'DataVersion' })
export type DataVersion = z.infer<typeof DataVersionSchema>

/** What a sync took from the Penguin-compatible upstream (`UPSTREAM_API`, docs/api-extensions.md §3j): its answers, the last good ones, or nothing. */
export const DataSyncUpstreamSchema = z
  .object({
    url: z.string(),
    outcome: z
      .enum(['used', 'last-good', 'none'])
      .describe('used: this attempt’s answers; last-good: they were not usable (reason), the last good answers’ contribution was used; none: no good answer yet'),
    reason: z.string().nullable().describe('why this attempt’s answers were not used (unreachable, not Penguin’s shape, a cut list); null when they were'),
    fetchedAt: z.number().int().nullable().describe('epoch ms the answers in use were fetched at; null when none'),
  })
  .meta({ id: 'DataSyncUpstream' })
export type DataSyncUpstream = z.infer<typeof DataSyncUpstreamSchema>

/** The outcome of the last sync attempt (applied, nothing to do, or refused with the reason). */
export const DataSyncStatusSchema = z
  .object({
    at: z.number().int().describe('epoch ms of the attempt'),
    outcome: z.enum(['applied', 'unchanged', 'refused', 'failed']),
    reason: z.string().nullable().describe('why it was refused or failed, or what an applied sync had to retry; null otherwise'),
    version: z.number().int().positive().nullable().describe('the version applied, when one was'),
    upstream: DataSyncUpstreamSchema.optional().describe('when `UPSTREAM_API` is set: what the sync took from it'),
  })
  .meta({ id: 'DataSyncStatus' })
export type DataSyncStatus = z.infer<typeof DataSyncStatusSchema>

/** `GET /api/_/data`: the current game-data version, the last sync, and the recorded versions (newest first). */
export const DataVersionsSchema = z
  .object({ current: DataVersionSchema, lastSync: DataSyncStatusSchema.nullable(), versions: z.array(DataVersionSchema) })
  .meta({ id: 'DataVersions' })
export type DataVersions = z.infer<typeof DataVersionsSchema>

/** `POST /api/_/data/sync` (and `npm run data:sync`): the attempt's outcome and, when derived, what it changes. */
export const DataSyncResultSchema = z
  .object({
    status: DataSyncStatusSchema,
    changes: DataChangesSchema.nullable().describe('what the update changes (also for a dry run); null when nothing was derived'),
    counts: DataCountsSchema.nullable(),
    dryRun: z.boolean(),
  })
  .meta({ id: 'DataSyncResult' })
export type DataSyncResult = z.infer<typeof DataSyncResultSchema>
