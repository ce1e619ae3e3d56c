import type { FrontendConfig, Item, MatrixElement, Notice, PatternElement, Period, SampleBasis, SiteStats, Stage, TrendResult, Zone } from '@dropwise/schemas'
import { InvalidStructureError, type DatasetId } from './dataset-ids'
import type { Decodable } from './dataset-protocol'
import SCHEMAS from './response-schemas.json'
import { assertSchema, type JsonSchema } from './schema-check'

/*
 * Response validation against the shared zod schemas, in their generated JSON Schema form
 * (response-schemas.json, kept in step with @dropwise/schemas by a unit test), so zod itself is not
 * part of the first load. A chunk loaded on demand (see `loadParsers`).
 */
export type ResponseSchemaName = keyof typeof SCHEMAS

/** Checks `raw` against a response schema; a failure keeps the first issue in the message. */
export const validate = <T>(name: ResponseSchemaName, raw: unknown, nonEmpty = false): T => {
  assertSchema(SCHEMAS[name] as JsonSchema, raw)
  if (nonEmpty && Array.isArray(raw) && raw.length === 0) throw new InvalidStructureError('empty list')
  return raw as T
}

/** Matrices may come bare or wrapped in `matrix` / `pattern_matrix`. */
const unwrap = (raw: unknown, key: string): unknown =>
  raw !== null && typeof raw === 'object' && !Array.isArray(raw) && key in raw ? (raw as Record<string, unknown>)[key] : raw

export const parsers = {
  config: (raw: unknown) => validate<FrontendConfig>('config', raw),
  items: (raw: unknown) =>
    validate<Item[]>('items', raw, true)
      .filter((i) => !(i as { hide?: boolean }).hide)
      .sort((a, b) => a.sortId - b.sortId),
  stages: (raw: unknown) => validate<Stage[]>('stages', raw, true),
  zones: (raw: unknown) => validate<Zone[]>('zones', raw, true).map((z) => ({ ...z, isActivity: z.type === 'ACTIVITY' })),
  period: (raw: unknown) => validate<Period[]>('period', raw, true),
  globalMatrix: (raw: unknown) => validate<MatrixElement[]>('matrix', unwrap(raw, 'matrix'), true),
  globalPatternMatrix: (raw: unknown) => validate<PatternElement[]>('pattern', unwrap(raw, 'pattern_matrix')),
  personalMatrix: (raw: unknown) => validate<MatrixElement[]>('matrix', unwrap(raw, 'matrix')),
  personalPatternMatrix: (raw: unknown) => validate<PatternElement[]>('pattern', unwrap(raw, 'pattern_matrix')),
  trends: (raw: unknown) => validate<TrendResult>('trends', raw).trend,
  stats: (raw: unknown) => validate<SiteStats>('stats', raw),
} satisfies Record<DatasetId, (raw: unknown) => unknown>
export type DatasetParsers = typeof parsers

export const parseNotices = (raw: unknown) => validate<Notice[]>('notices', raw)

/**
 * One item's or stage's rows of the global matrix: the matrix's checks, but an empty list is an answer
 * (a stage not on this server, or not reported yet), not a broken one as for the whole matrix.
 */
export const parseMatrixSlice = (raw: unknown) => validate<MatrixElement[]>('matrix', unwrap(raw, 'matrix'))

/** The sample basis (`GET /basis`), checked with the schema the server answers with. */
export const parseSampleBasis = (raw: unknown) => validate<SampleBasis>('basis', raw)

const others = { notices: parseNotices, matrixSlice: parseMatrixSlice, basis: parseSampleBasis }
/** The parser of a dataset, of the notices, of a matrix slice or of a sample basis. */
export const parserOf = (what: Decodable): ((raw: unknown) => unknown) => (what in others ? others[what as keyof typeof others] : parsers[what as keyof typeof parsers])
/** Throws (like zod's `parse`) when the login answer has no `userID`. */
export const parseLoginResponse = (raw: unknown) => validate<{ userID: string }>('login', raw)
