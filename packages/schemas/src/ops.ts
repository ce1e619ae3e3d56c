import { z } from 'zod'
import { DataSyncStatusSchema } from './game-data'

const CheckSchema = z.enum(['ok', 'down', 'off']).describe('off: not configured')

const epochMs = z.number().int()

/** One server's side of the upstream (issue 40): the answer in effect and the last attempt's outcome. */
export const UpstreamServerStatusSchema = z.object({
  fetchedAt: epochMs.nullable().describe('when the answer in effect was fetched (the basis of the figures); null: none yet, the seed serves'),
  pairs: z.number().int().nonnegative().describe('(stage, item) pairs of that answer'),
  unmatched: z.number().int().nonnegative().describe('pairs whose period differs from the local drop infos: left out, the local period wins'),
  unknown: z.number().int().nonnegative().describe('pairs of stages or items the game data does not know yet: left out until it does'),
  lastGoodAt: epochMs.nullable().describe('the last attempt whose answer passed the checks (applied or unchanged)'),
  failingSince: epochMs.nullable().describe('the first of the failed attempts since then; null while it works'),
  reason: z.string().nullable().describe('why the last attempt failed'),
})
export type UpstreamServerStatus = z.infer<typeof UpstreamServerStatusSchema>

/** `UPSTREAM_API`'s state: per server, and summed up (the oldest good answer, the earliest failure, every reason). */
export const UpstreamStatusSchema = z
  .object({
    url: z.string(),
    lastGoodAt: epochMs.nullable().describe('the oldest of the servers’ lastGoodAt; null while a server never had a good answer'),
    failingSince: epochMs.nullable().describe('the earliest failingSince of the servers; null while every server works'),
    reason: z.string().nullable().describe('the failing servers’ reasons'),
    servers: z.object({ CN: UpstreamServerStatusSchema, US: UpstreamServerStatusSchema, JP: UpstreamServerStatusSchema, KR: UpstreamServerStatusSchema }).partial(),
  })
  .meta({ id: 'UpstreamStatus' })
export type UpstreamStatus = z.infer<typeof UpstreamStatusSchema>
/** `GET /api/_/health`: ok, degraded (an accelerator such as Redis is down: still serving) or down (503). */
export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'down']),
    checks: z.object({ database: CheckSchema, redis: CheckSchema }),
    /** The game data served (issue 36): its version, how old it is, and the last sync's outcome. */
    data: z
      .object({
        version: z.number().int().positive(),
        asOf: z.number().int().describe('epoch ms of the newest source'),
        ageS: z.number().int().nonnegative().describe('seconds since asOf'),
        lastSync: DataSyncStatusSchema.nullable(),
      })
      .optional(),
    /**
     * The game resources the server fetches (recognizer pack, item icon sheet): never part of
     * `status`, since every page works without them (recognition then says it is not ready).
     */
    assets: z
      .object({
        state: z.enum(['ready', 'fetching', 'unavailable', 'off']),
        recognizer: z.boolean().describe('a recognizer pack is served (built, or the operator’s)'),
        reason: z.string().nullable().describe('why the resources are unavailable, or why following newer game data failed'),
        hint: z.string().nullable().describe('for operators, while players cannot recognise screenshots: the settings to look at'),
      })
      .optional(),
    /** A Penguin-compatible upstream's matrices as the baseline (`UPSTREAM_API`, issue 40): never part of `status`, the last good answer serves. */
    upstream: UpstreamStatusSchema.optional(),
  })
  .meta({ id: 'Health' })
export type Health = z.infer<typeof HealthSchema>
export const BinInfoSchema = z.object({ version: z.string(), build: z.string() }).meta({ id: 'BinInfo' })
export type BinInfo = z.infer<typeof BinInfoSchema>
