import { z } from 'zod'
import { DataSyncStatusSchema } from './game-data'

const CheckSchema = z.enum(['ok', 'down', 'off']).describe('off: not configured')
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
  })
  .meta({ id: 'Health' })
export type Health = z.infer<typeof HealthSchema>
export const BinInfoSchema = z.object({ version: z.string(), build: z.string() }).meta({ id: 'BinInfo' })
export type BinInfo = z.infer<typeof BinInfoSchema>
