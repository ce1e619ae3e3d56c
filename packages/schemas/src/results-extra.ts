import { z } from 'zod'
import { MatrixResponseSchema, TrendResultSchema } from './results'

/** One answer of an advanced query (api-v2.md §8.4): a matrix for a window, or a trend with `interval`. */
export const AdvancedResultSchema = z.union([MatrixResponseSchema, TrendResultSchema])
export type AdvancedResult = z.infer<typeof AdvancedResultSchema>

/** `POST /result/advanced` response: one entry per query, in request order (§8.4). */
export const AdvancedResultsResponseSchema = z.object({ advanced_results: z.array(AdvancedResultSchema) }).meta({ id: 'AdvancedResultsResponse' })
