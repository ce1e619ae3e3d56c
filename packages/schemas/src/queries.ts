import { z } from 'zod'
import { CategorySchema, ServerSchema } from './common'

/** Query booleans accept true/false/1/0/t/f in any case (api-v2.md §8). */
export const QueryBooleanSchema = z
  .string()
  .regex(/^(true|false|1|0|t|f)$/i, 'must be one of true, false, 1, 0, t, f')
  .transform((v) => ['true', '1', 't'].includes(v.toLowerCase()))

const CsvSchema = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0),
)

export const ServerQuerySchema = z.object({ server: ServerSchema.default('CN') })

export const MatrixQuerySchema = z.object({
  server: ServerSchema.default('CN'),
  is_personal: QueryBooleanSchema.optional(),
  show_closed_zones: QueryBooleanSchema.optional(),
  category: CategorySchema.default('all'),
  stageFilter: CsvSchema.optional(),
  itemFilter: CsvSchema.optional(),
})
export type MatrixQuery = z.infer<typeof MatrixQuerySchema>

/**
 * The `source` segment of the web client's `/_private/result/…/:server/:source` paths (api-v2.md §8.5):
 * `personal` is the caller's own reports (needs a PenguinID); anything else is the global data.
 */
export const ResultSourceSchema = z.string().describe('`personal`: your own reports (needs a PenguinID); anything else (`global`): everyone’s')

export const PatternQuerySchema = z.object({
  server: ServerSchema.default('CN'),
  is_personal: QueryBooleanSchema.optional(),
  show_all_patterns: z.string().optional(),
})

/** `GET /export/matrix` (docs/api-extensions.md §3b): the global matrix as a file, optionally one stage's or one item's rows. */
export const ExportMatrixQuerySchema = z.object({
  server: ServerSchema.default('CN'),
  format: z.enum(['csv', 'json']).default('csv'),
  category: CategorySchema.default('all'),
  show_closed_zones: QueryBooleanSchema.optional(),
  stageId: z.string().min(1).max(128).optional(),
  itemId: z.string().min(1).max(128).optional(),
})
