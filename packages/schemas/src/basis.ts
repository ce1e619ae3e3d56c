import { z } from 'zod'
import { ServerSchema } from './common'

const BasisCountSchema = z.object({
  runs: z.number().int().describe('Σ times'),
  reports: z.number().int(),
})
export type BasisCount = z.infer<typeof BasisCountSchema>

/** `GET /basis` (docs/api-extensions.md §3g): what the numbers of a stage (or of the whole server) are made of. */
export const SampleBasisSchema = z.object({
  server: ServerSchema,
  stageId: z.string().nullable().describe('null: every stage of the server'),
  imported: z.object({
    source: z.literal('Penguin Statistics'),
    runs: z.number().int().describe('runs of the imported history (per stage, its largest item total); category all only'),
    until: z.number().int().nullable().describe('epoch ms the history was fetched at; null when none was imported'),
    upstream: z.string().nullable().describe('the Penguin-compatible upstream (UPSTREAM_API) whose answer is the history, null: the seed’s import'),
  }),
  reported: z.object({
    automated: BasisCountSchema.describe('valid reports sent to this server since, by tools'),
    manual: BasisCountSchema.describe('valid reports sent to this server since, by hand'),
  }),
  simulated: BasisCountSchema.describe('simulated demo reports (source dropwise-demo): only patterns, trends and 24 h activity count them'),
})
export type SampleBasis = z.infer<typeof SampleBasisSchema>
