import {
  FrontendConfigSchema,
  ItemListSchema,
  LoginResponseSchema,
  MatrixElementSchema,
  NoticeListSchema,
  PatternElementSchema,
  PeriodListSchema,
  SiteStatsSchema,
  StageListSchema,
  TrendResultSchema,
  ZoneListSchema,
} from '@dropwise/schemas'
import { z } from 'zod'
import { InvalidStructureError, type DatasetId } from './datasets'

/* Response validation against the shared zod schemas: a chunk loaded on demand (see `loadParsers`). */

/** Parse with a schema; a failure keeps the first issue in the message (the public client lost it). */
export const validate = <S extends z.ZodType>(schema: S, raw: unknown, nonEmpty = false): z.infer<S> => {
  const result = schema.safeParse(raw)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new InvalidStructureError(issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown')
  }
  if (nonEmpty && Array.isArray(result.data) && result.data.length === 0) throw new InvalidStructureError('empty list')
  return result.data
}

/** Matrices may come bare or wrapped in `matrix` / `pattern_matrix`. */
const unwrap = (raw: unknown, key: string): unknown =>
  raw !== null && typeof raw === 'object' && !Array.isArray(raw) && key in raw ? (raw as Record<string, unknown>)[key] : raw

const MatrixListSchema = z.array(MatrixElementSchema)
const PatternListSchema = z.array(PatternElementSchema)

export const parsers = {
  config: (raw: unknown) => validate(FrontendConfigSchema, raw),
  items: (raw: unknown) =>
    validate(ItemListSchema, raw, true)
      .filter((i) => !(i as { hide?: boolean }).hide)
      .sort((a, b) => a.sortId - b.sortId),
  stages: (raw: unknown) => validate(StageListSchema, raw, true),
  zones: (raw: unknown) => validate(ZoneListSchema, raw, true).map((z) => ({ ...z, isActivity: z.type === 'ACTIVITY' })),
  period: (raw: unknown) => validate(PeriodListSchema, raw, true),
  globalMatrix: (raw: unknown) => validate(MatrixListSchema, unwrap(raw, 'matrix'), true),
  globalPatternMatrix: (raw: unknown) => validate(PatternListSchema, unwrap(raw, 'pattern_matrix')),
  personalMatrix: (raw: unknown) => validate(MatrixListSchema, unwrap(raw, 'matrix')),
  personalPatternMatrix: (raw: unknown) => validate(PatternListSchema, unwrap(raw, 'pattern_matrix')),
  trends: (raw: unknown) => validate(TrendResultSchema, raw).trend,
  stats: (raw: unknown) => validate(SiteStatsSchema, raw),
} satisfies Record<DatasetId, (raw: unknown) => unknown>
export type DatasetParsers = typeof parsers

export const parseNotices = (raw: unknown) => validate(NoticeListSchema, raw)
export const parseLoginResponse = (raw: unknown) => LoginResponseSchema.parse(raw)
