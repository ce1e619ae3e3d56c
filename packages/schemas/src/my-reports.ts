import { z } from 'zod'
import { DropTypeSchema, MsSchema, ServerSchema } from './common'

/**
 * What became of one of the caller's reports (a Dropwise extension, docs/api-extensions.md §3k):
 * `stored` (kept; counted unless verification rejects it), `recalled` by its owner, `rejected` by
 * verification (or, held, because no data version knew it within 14 days), or `held` until the game
 * data knows its stage or items.
 */
export const MyReportStatusSchema = z.enum(['stored', 'recalled', 'rejected', 'held'])
export type MyReportStatus = z.infer<typeof MyReportStatusSchema>

/**
 * Why a report does not count: the same screenshot was reported before (reliability 5), its drops do not fit
 * the stage's drop table (6), its account was missing (4), an operator's rejection rule (256-1023) or the rule
 * engine (7), legacy imported data (1), or a held report no data version explained (`unknown-data`).
 */
export const MyReportRejectionSchema = z.enum(['duplicate-screenshot', 'drop-table-mismatch', 'account-missing', 'rule', 'legacy', 'unknown-data'])
export type MyReportRejection = z.infer<typeof MyReportRejectionSchema>

export const MyReportSchema = z.object({
  reportHash: z.string(),
  server: ServerSchema,
  stageId: z.string(),
  /** Epoch ms of arrival. */
  createdAt: MsSchema,
  drops: z.array(z.object({ dropType: DropTypeSchema, itemId: z.string(), quantity: z.number().int() })),
  /** Runs the report counts; null for a held report sent without `times`. */
  times: z.number().int().nullable(),
  /** As sent: `frontend-v2` (the hand report), `dropwise-web-recognition`, `MeoAssistant` … */
  source: z.string(),
  version: z.string(),
  category: z.enum(['automated', 'manual']),
  status: MyReportStatusSchema,
  /** Why it was rejected; null unless `status` is `rejected`. */
  rejection: MyReportRejectionSchema.nullable(),
  /** What the data did not know (a held or a held-then-rejected report): `stage act47side_01`, `items 30175`; else null. */
  detail: z.string().nullable(),
  /** Until when its owner may recall it (`POST /report/recall`, 24 h after arrival); null when it can no longer be recalled. */
  recallableUntil: MsSchema.nullable(),
})
export type MyReport = z.infer<typeof MyReportSchema>

/** `createdAt.reportHash` of the last report of the previous page. */
export const MyReportsCursorSchema = z.string().regex(/^\d{1,16}\.[A-Za-z0-9-]{1,64}$/, 'a cursor from `next`')

export const MyReportsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('reports per page, 1 to 100 (50)'),
  before: MyReportsCursorSchema.optional().describe('`next` of the previous page'),
})
export type MyReportsQuery = z.infer<typeof MyReportsQuerySchema>

/** `GET /_private/report/mine`: the caller's reports, newest first; `next` pages on (null on the last page). */
export const MyReportsResponseSchema = z.object({ reports: z.array(MyReportSchema), next: z.string().nullable().describe('`before` of the next page') })
export type MyReportsResponse = z.infer<typeof MyReportsResponseSchema>

/** `POST /_private/report/recall/batch`: every report of a recognition batch, by the `taskId` it was answered with. */
export const BatchRecallRequestSchema = z.object({ taskId: z.string().regex(/^[A-Za-z0-9]{1,40}-[A-Za-z0-9]{1,40}$/, 'a taskId of POST /report/recognition') })
export type BatchRecallRequest = z.infer<typeof BatchRecallRequestSchema>
export const BatchRecallResponseSchema = z.object({ recalled: z.number().int().min(0) })
export type BatchRecallResponse = z.infer<typeof BatchRecallResponseSchema>
