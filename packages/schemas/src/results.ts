import { z } from 'zod'
import { MsSchema } from './common'

/** One (stage, item) pair of a drop matrix (api-v2.md §5.5). `end` is null while the period is open. */
export const MatrixElementSchema = z
  .object({
    stageId: z.string(),
    itemId: z.string(),
    times: z.number().int(),
    quantity: z.number().int(),
    stdDev: z.number(),
    start: MsSchema,
    end: MsSchema.nullable(),
  })
  .meta({ id: 'MatrixElement' })
export type MatrixElement = z.infer<typeof MatrixElementSchema>
export const MatrixResponseSchema = z.object({ matrix: z.array(MatrixElementSchema) }).meta({ id: 'MatrixResponse' })

export const PatternElementSchema = z
  .object({
    stageId: z.string(),
    pattern: z.object({ drops: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })) }),
    times: z.number().int(),
    quantity: z.number().int(),
    start: MsSchema,
    end: MsSchema.nullable(),
  })
  .meta({ id: 'PatternElement' })
export type PatternElement = z.infer<typeof PatternElementSchema>
export const PatternResponseSchema = z.object({ pattern_matrix: z.array(PatternElementSchema) }).meta({ id: 'PatternResponse' })

export const TrendResultSchema = z
  .object({
    trend: z.record(
      z.string(),
      z.object({
        results: z.record(z.string(), z.object({ quantity: z.array(z.number()), times: z.array(z.number()) })),
        startTime: MsSchema,
      }),
    ),
  })
  .meta({ id: 'TrendResult' })
export type TrendResult = z.infer<typeof TrendResultSchema>

export const SiteStatsSchema = z
  .object({
    totalStageTimes: z.array(z.object({ stageId: z.string(), times: z.number() })),
    totalStageTimes_24h: z.array(z.object({ stageId: z.string(), times: z.number() })),
    totalItemQuantities: z.array(z.object({ itemId: z.string(), quantity: z.number() })),
    totalApCost: z.number(),
  })
  .meta({ id: 'SiteStats' })
export type SiteStats = z.infer<typeof SiteStatsSchema>
