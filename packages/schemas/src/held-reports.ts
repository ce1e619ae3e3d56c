import { z } from 'zod'
import { DropTypeSchema, MsSchema, ServerSchema } from './common'

/**
 * A report the data did not know when it arrived (a Dropwise extension, docs/api-extensions.md): held
 * until a data version knows its stage and items, then released into the statistics, or rejected after
 * 14 days; `recalled` when its owner took it back while held.
 */
export const HeldReportStateSchema = z.enum(['held', 'released', 'rejected', 'recalled'])
export type HeldReportState = z.infer<typeof HeldReportStateSchema>

export const HeldReportSchema = z.object({
  reportHash: z.string(),
  server: ServerSchema,
  stageId: z.string(),
  drops: z.array(z.object({ dropType: DropTypeSchema, itemId: z.string(), quantity: z.number().int() })),
  times: z.number().int().nullable(),
  source: z.string(),
  version: z.string(),
  createdAt: MsSchema,
  /** Why it was held: its stage, or some of its items, were unknown. */
  reason: z.enum(['unknown-stage', 'unknown-items']),
  /** Item ids unknown on arrival, sorted. */
  unknownItems: z.array(z.string()),
  state: HeldReportStateSchema,
  /** When it was released, rejected or recalled; null while held. */
  decidedAt: MsSchema.nullable(),
  /** Why it was rejected (what no data version explained); null otherwise. */
  rejectedReason: z.string().nullable(),
})
export type HeldReport = z.infer<typeof HeldReportSchema>

/** `GET /_private/report/held`: the caller's held reports, newest first (at most 500). */
export const HeldReportsResponseSchema = z.object({ held: z.array(HeldReportSchema) })
export type HeldReportsResponse = z.infer<typeof HeldReportsResponseSchema>
