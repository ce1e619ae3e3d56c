import { z } from 'zod'

const CheckSchema = z.enum(['ok', 'down', 'off']).describe('off: not configured')
/** `GET /api/_/health`: ok, degraded (an accelerator such as Redis is down: still serving) or down (503). */
export const HealthSchema = z
  .object({ status: z.enum(['ok', 'degraded', 'down']), checks: z.object({ database: CheckSchema, redis: CheckSchema }) })
  .meta({ id: 'Health' })
export type Health = z.infer<typeof HealthSchema>
export const BinInfoSchema = z.object({ version: z.string(), build: z.string() }).meta({ id: 'BinInfo' })
export type BinInfo = z.infer<typeof BinInfoSchema>
