import {
  AdvancedResultsResponseSchema,
  EfficiencyResponseSchema,
  FrontendConfigSchema,
  ItemListSchema,
  LoginResponseSchema,
  MyReportsResponseSchema,
  MatrixElementSchema,
  NoticeListSchema,
  operatorsListResponseSchema,
  PatternElementSchema,
  PeriodListSchema,
  SampleBasisSchema,
  SiteStatsSchema,
  StageListSchema,
  TrendResultSchema,
  ZoneListSchema,
} from '@dropwise/schemas'
import { z } from 'zod'

/**
 * The response schemas the client checks, by name (build-time / test-time only: this module imports
 * zod; the app reads the generated src/lib/response-schemas.json instead).
 */
export const RESPONSE_SCHEMAS = {
  config: FrontendConfigSchema,
  items: ItemListSchema,
  stages: StageListSchema,
  zones: ZoneListSchema,
  period: PeriodListSchema,
  matrix: z.array(MatrixElementSchema),
  pattern: z.array(PatternElementSchema),
  trends: TrendResultSchema,
  stats: SiteStatsSchema,
  notices: NoticeListSchema,
  login: LoginResponseSchema,
  basis: SampleBasisSchema,
} as const
export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS

/**
 * Answers a page asks for itself (the stats pages' efficiency badges, the advanced query's results), in a file
 * of their own (src/lib/answer-schemas.json): the dataset worker, part of every first load, does not carry them.
 */
export const ANSWER_SCHEMAS = {
  efficiency: EfficiencyResponseSchema,
  advancedResults: AdvancedResultsResponseSchema,
  myReports: MyReportsResponseSchema,
  operators: operatorsListResponseSchema,
} as const
export type AnswerSchemaName = keyof typeof ANSWER_SCHEMAS

const SAFE = Number.MAX_SAFE_INTEGER

/**
 * Their JSON Schema form (draft 2020-12, input side: unknown keys are allowed, as zod's objects
 * allow and strip them), without `meta` ids, descriptions and the ±2^53 bounds every `int()` carries
 * (the checker's `integer` is a safe integer already).
 */
const schemaDocument = <K extends string>(schemas: Record<K, z.ZodType>, { bounds = true }: { bounds?: boolean } = {}) => {
  // `named`: a map of names (properties, $defs) whose keys are data, not keywords.
  const strip = (node: unknown, named = false): unknown => {
    if (Array.isArray(node)) return node.map((n) => strip(n))
    if (node === null || typeof node !== 'object') return node
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(node)) {
      if (!named && (k === 'id' || k === 'description' || k === '$schema')) continue
      if (!named && ((k === 'minimum' && v === -SAFE) || (k === 'maximum' && v === SAFE))) continue
      if (!named && !bounds && VALUE_BOUNDS.has(k)) continue
      out[k] = strip(v, !named && (k === 'properties' || k === '$defs'))
    }
    return out
  }
  return Object.fromEntries(
    Object.entries<z.ZodType>(schemas).map(([name, schema]) => [name, strip(z.toJSONSchema(schema, { io: 'input', reused: 'inline', cycles: 'throw' }))]),
  ) as Record<K, unknown>
}
export const responseSchemaDocument = () => schemaDocument(RESPONSE_SCHEMAS)
/**
 * The answers are checked for their shape; their value bounds (a name's least length, a count's least value), which
 * the checker does not read and the first load's dataset worker should not carry the code of, are the server's to keep.
 */
const VALUE_BOUNDS = new Set(['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'])
export const answerSchemaDocument = () => schemaDocument(ANSWER_SCHEMAS, { bounds: false })
