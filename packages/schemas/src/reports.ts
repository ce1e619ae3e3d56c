import { z } from 'zod'
import { CategorySchema, MsSchema, REPORT_DROP_TYPES, ServerSchema } from './common'
import { findUnstorableText, StorableText, UNSTORABLE_TEXT_MESSAGE } from './text'

const printableAscii = /^[\x20-\x7e]*$/
const PrintableSchema = (max?: number) => {
  const s = z.string().regex(printableAscii, 'must be printable ASCII')
  return max === undefined ? s : s.max(max)
}
const SemverSchema = z
  .string()
  .max(32)
  .regex(/^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/, 'must be a semantic version')

export const ReportDropSchema = z.object({
  dropType: z.enum(REPORT_DROP_TYPES),
  itemId: StorableText().min(1),
  quantity: z.number().int().min(1).max(1000),
})
export type ReportDrop = z.infer<typeof ReportDropSchema>

export const ReportMetadataSchema = z.object({
  fingerprint: StorableText().max(128).optional(),
  md5: StorableText().max(32).optional(),
  fileName: StorableText().max(512).optional(),
  lastModified: z.number().optional(),
  recognizerVersion: SemverSchema.optional(),
  recognizerAssetsVersion: SemverSchema.optional(),
})
export type ReportMetadata = z.infer<typeof ReportMetadataSchema>

/** `POST /report` body as MAA and the web client send it (api-v2.md §7.1). Unknown keys are ignored. */
export const ReportRequestSchema = z
  .object({
    server: ServerSchema,
    stageId: PrintableSchema().min(1),
    source: PrintableSchema(128).min(1),
    version: PrintableSchema(128).min(1),
    drops: z.array(ReportDropSchema).nullish(),
    times: z.number().int().min(0).max(6).optional(),
    metadata: ReportMetadataSchema.nullish(),
  })
  .meta({ id: 'ReportRequest' })
export type ReportRequest = z.infer<typeof ReportRequestSchema>

export const ReportResponseSchema = z.object({ reportHash: z.string().length(37) }).meta({ id: 'ReportResponse' })

export const RecallRequestSchema = z.object({ reportHash: PrintableSchema().min(1) }).meta({ id: 'RecallRequest' })

/** One entry of a recognition batch: one recognised screenshot, stored as a report with times 1. */
export const RecognitionEntrySchema = z.object({
  stageId: PrintableSchema().min(1),
  drops: z.array(ReportDropSchema).nullish(),
  metadata: ReportMetadataSchema.nullish(),
})

/**
 * `POST /report/recognition`: a batch of recognised screenshots, plain JSON (ours; the public
 * service encrypts the same object). Each entry becomes one report with times 1. Entries are checked
 * one by one against `RecognitionEntrySchema` (the server lists invalid ones in `errors` and stores the
 * rest), so one bad screenshot never costs the others.
 */
export const RecognitionBatchSchema = z
  .object({
    server: ServerSchema,
    source: PrintableSchema(128).min(1),
    version: PrintableSchema(128).min(1),
    batchDrops: z.array(z.unknown()).min(1).max(50).describe('1 to 50 entries {stageId, drops, metadata} (RecognitionEntry), each validated on its own'),
  })
  .meta({ id: 'RecognitionBatch' })
export type RecognitionBatch = z.infer<typeof RecognitionBatchSchema>
export const RecognitionBatchResponseSchema = z.object({
  taskId: z.string().length(37),
  errors: z.array(z.object({ index: z.number().int(), message: z.string() })),
})

export const AdvancedQuerySchema = z.object({
  server: ServerSchema,
  stageId: z.string().min(1),
  itemIds: z.array(z.string()).nullish(),
  isPersonal: z.boolean().nullish(),
  sourceCategory: z.union([z.literal(''), CategorySchema]).nullish(),
  start: MsSchema.nullish(),
  end: MsSchema.nullish(),
  interval: z.number().int().nullish(),
})
export type AdvancedQuery = z.infer<typeof AdvancedQuerySchema>
export const AdvancedQueryRequestSchema = z.object({ queries: z.array(AdvancedQuerySchema).min(1).max(5) }).meta({ id: 'AdvancedQueryRequest' })
export type AdvancedQueryRequest = z.infer<typeof AdvancedQueryRequestSchema>

export const RecognitionDefectInitSchema = z.object({
  recognitionResult: z.unknown().refine((v) => findUnstorableText(v) === null, UNSTORABLE_TEXT_MESSAGE),
  environment: z.object({
    frontendVersion: PrintableSchema(32).min(1),
    frontendCommit: PrintableSchema(32).min(1),
    recognizerVersion: PrintableSchema(32).min(1),
    recognizerOpenCVVersion: PrintableSchema(32).min(1),
    recognizerAssetsVersion: PrintableSchema(32).min(1),
    server: ServerSchema,
    sessionId: z.string().regex(/^[A-Za-z0-9]{8}$/, 'must be exactly 8 letters or digits'),
  }),
})
export type RecognitionDefectInit = z.infer<typeof RecognitionDefectInitSchema>

export const LoginResponseSchema = z.object({ userID: z.string() })
