import { z } from 'zod'
import { SERVERS } from './constants'
import { FormulaSchema } from './reference'
import { DropTypeSchema, ExistenceSchema, I18nSchema, MsSchema, PartialI18nSchema, ServerSchema } from './common'

/**
 * The seed: Dropwise's own compact format for reference data and matrix baselines, written by
 * `npm run import` into `data/seed/` and loaded into an empty database at start-up.
 * Every record may carry `inferred`: the names of fields that the raw data lacked and that the
 * importer filled with a documented fallback (see data/seed/README.md).
 */
export const SEED_FORMAT_VERSION = 1

const Inferred = z.array(z.string()).optional()

/**
 * Where a name came from when the record's own source lacked it in a language: `game-table` (the game's
 * item table of that language), `toolbox` (arknights-toolbox's locales), `chapter-code` (a main chapter's
 * code such as `EP17`, when no source names it in that language), `zh` (nothing names it: the Chinese name is kept).
 */
export const NameSourceSchema = z.enum(['game-table', 'toolbox', 'chapter-code', 'zh'])
export type NameSource = z.infer<typeof NameSourceSchema>
/** Per language (en, ja, ko), the fallback a name came from (`NameSourceSchema`); absent for names of the record's own source. */
export const NameFromSchema = z.object({ en: NameSourceSchema, ja: NameSourceSchema, ko: NameSourceSchema }).partial()
export type NameFrom = z.infer<typeof NameFromSchema>
const LangList = z.record(z.string(), z.array(z.string()))

export const SeedItemSchema = z.object({
  itemId: z.string().min(1),
  name_i18n: I18nSchema,
  existence: ExistenceSchema,
  itemType: z.string(),
  sortId: z.number().int(),
  rarity: z.number().int().min(0).max(5),
  groupID: z.string().nullable(),
  spriteCoord: z.tuple([z.number().int(), z.number().int()]).optional(),
  alias: LangList.nullable(),
  pron: LangList.nullable(),
  inferred: Inferred,
  nameFrom: NameFromSchema.optional(),
})
export type SeedItem = z.infer<typeof SeedItemSchema>

export const SeedZoneSchema = z.object({
  zoneId: z.string().min(1),
  zoneIndex: z.number().int(),
  type: z.string(),
  subType: z.string().nullable(),
  zoneName_i18n: I18nSchema,
  existence: ExistenceSchema,
  background: z.string().nullable(),
  inferred: Inferred,
  nameFrom: NameFromSchema.optional(),
})
export type SeedZone = z.infer<typeof SeedZoneSchema>

export const SeedStageSchema = z.object({
  stageId: z.string().min(1),
  zoneId: z.string().min(1),
  stageType: z.enum(['MAIN', 'SUB', 'ACTIVITY', 'DAILY']),
  code_i18n: I18nSchema,
  apCost: z.number().int(),
  minClearTime: z.number().int().nullable(),
  existence: ExistenceSchema,
  isGacha: z.literal(true).optional(),
  inferred: Inferred,
  /** For `code_i18n`: gacha boxes are named like the item of their id. */
  nameFrom: NameFromSchema.optional(),
})
export type SeedStage = z.infer<typeof SeedStageSchema>

/**
 * `pron.json` (issue 17): pronunciations of the Chinese zone names and Chinese stage codes, keyed by
 * the name itself, in the format of an item's `pron`: syllables separated by backticks, pinyin
 * without tones, ü written `v` (`骑兵与猎人` → ``qi`bing`yu`lie`ren``). Keyed by name rather than id
 * so that a client derives it from the `zoneName_i18n.zh` / `code_i18n.zh` it already has: the v2
 * wire format of `/zones` and `/stages` does not carry it. The server does not load this file.
 */
export const SeedPronSchema = z.object({ zh: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)) })
export type SeedPron = z.infer<typeof SeedPronSchema>

export const SeedBoundsSchema = z.object({
  lower: z.number().int(),
  upper: z.number().int(),
  exceptions: z.array(z.number().int()).optional(),
})

/**
 * One drop info: on `server`, during `[start, end)` (end null = open), `stageId` may drop `itemId`
 * under `dropType` within `bounds` per run. `itemId` null = a per-drop-type constraint on the number
 * of distinct items. `RECOGNITION_ONLY` entries (itemId set, bounds null) feed `recognitionOnly`.
 * `accumulable` false = statistics of this range start fresh (api-v2.md §10.1-10.2).
 */
export const SeedDropInfoSchema = z.object({
  server: ServerSchema,
  stageId: z.string().min(1),
  itemId: z.string().nullable(),
  dropType: z.union([DropTypeSchema, z.literal('RECOGNITION_ONLY')]),
  bounds: SeedBoundsSchema.nullable(),
  start: MsSchema,
  end: MsSchema.nullable(),
  accumulable: z.boolean(),
  inferred: Inferred,
})
export type SeedDropInfo = z.infer<typeof SeedDropInfoSchema>

/**
 * `drop-infos.json` on disk (added by the importer): drop infos grouped by server and stage, one compact row
 * per drop info, because the flat list of objects is about 8 MB. Row = `[itemId|null, dropType,
 * bounds|null, start, end|null, accumulable, inferred]`, bounds = `[lower, upper]` or `[lower, upper, exceptions]`.
 * Parse the file with `SeedDropInfoFileSchema`: its output is the flat `SeedDropInfo[]`.
 */
const IntSchema = z.number().int()
export const SeedDropInfoRowSchema = z.tuple([
  z.string().nullable(),
  z.union([DropTypeSchema, z.literal('RECOGNITION_ONLY')]),
  z.union([z.tuple([IntSchema, IntSchema]), z.tuple([IntSchema, IntSchema, z.array(IntSchema)])]).nullable(),
  MsSchema,
  MsSchema.nullable(),
  z.boolean(),
  z.array(z.string()),
])
export type SeedDropInfoRow = z.infer<typeof SeedDropInfoRowSchema>
const SeedDropInfoStagesSchema = z.record(z.string(), z.array(SeedDropInfoRowSchema))
export const SeedDropInfoFileContentSchema = z.object({
  servers: z.object({ CN: SeedDropInfoStagesSchema, US: SeedDropInfoStagesSchema, JP: SeedDropInfoStagesSchema, KR: SeedDropInfoStagesSchema }),
})
export type SeedDropInfoFileContent = z.infer<typeof SeedDropInfoFileContentSchema>

/** Flattens the on-disk form into drop-info records (order: server, then stage and row order of the file). */
export const expandSeedDropInfos = (file: SeedDropInfoFileContent): SeedDropInfo[] => {
  const out: SeedDropInfo[] = []
  for (const server of SERVERS) {
    for (const [stageId, rows] of Object.entries(file.servers[server])) {
      for (const [itemId, dropType, b, start, end, accumulable, inferred] of rows) {
        const bounds = b === null ? null : b.length === 3 ? { lower: b[0], upper: b[1], exceptions: b[2] } : { lower: b[0], upper: b[1] }
        const info: SeedDropInfo = { server, stageId, itemId, dropType, bounds, start, end, accumulable }
        if (inferred.length > 0) info.inferred = inferred
        out.push(info)
      }
    }
  }
  return out
}

/** Groups drop-info records into the on-disk form (input order is kept within each stage). */
export const compactSeedDropInfos = (infos: readonly SeedDropInfo[]): SeedDropInfoFileContent => {
  const file: SeedDropInfoFileContent = { servers: { CN: {}, US: {}, JP: {}, KR: {} } }
  for (const d of infos) {
    const b = d.bounds
    const bounds: SeedDropInfoRow[2] = b === null ? null : b.exceptions ? [b.lower, b.upper, b.exceptions] : [b.lower, b.upper]
    const rows = (file.servers[d.server][d.stageId] ??= [])
    rows.push([d.itemId, d.dropType, bounds, d.start, d.end, d.accumulable, d.inferred ?? []])
  }
  return file
}

/** Parses `drop-infos.json` and yields the flat `SeedDropInfo[]`. */
export const SeedDropInfoFileSchema = SeedDropInfoFileContentSchema.transform(expandSeedDropInfos)

/** A matrix baseline row as a compact tuple: [stageId, itemId, times, quantity, stdDev, start, end|null]. */
export const SeedMatrixRowSchema = z.tuple([
  z.string(),
  z.string(),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
  z.number().nonnegative(),
  MsSchema,
  MsSchema.nullable(),
])
export type SeedMatrixRow = z.infer<typeof SeedMatrixRowSchema>

export const SeedMatrixSchema = z.object({
  /** Where the rows come from, e.g. "penguin-matrix/2025-06-21". */
  source: z.string(),
  fetchedAt: MsSchema,
  server: ServerSchema,
  rows: z.array(SeedMatrixRowSchema),
})
export type SeedMatrix = z.infer<typeof SeedMatrixSchema>

/** Formulas are stored in the wire shape of `/formula` (api-v2.md §6.7). */
export const SeedFormulaSchema = FormulaSchema
export type SeedFormula = z.infer<typeof SeedFormulaSchema>

export const SeedPeriodSchema = z.object({
  /** Stable key, e.g. "CN:act38side_zone1". */
  key: z.string(),
  start: MsSchema,
  end: MsSchema.nullable(),
  label_i18n: I18nSchema,
  existence: ExistenceSchema,
  zoneId: z.string().nullable(),
})
export type SeedPeriod = z.infer<typeof SeedPeriodSchema>

export const SeedNoticeSchema = z.object({
  id: z.number().int(),
  existence: ExistenceSchema,
  severity: z.number().int().nullable(),
  content_i18n: PartialI18nSchema,
})
export type SeedNotice = z.infer<typeof SeedNoticeSchema>

export const SeedManifestSchema = z.object({
  format: z.literal(SEED_FORMAT_VERSION),
  /** Licence of the drop data, shown wherever the data is shown or exported. */
  attribution: z.string(),
  /** Raw inputs read, relative to the --raw folder, with their SHA-256. */
  sources: z.array(z.object({ path: z.string(), sha256: z.string() })),
  counts: z.record(z.string(), z.number().int()),
  /** SHA-256 over the seed files' contents; changes whenever any seed file changes. */
  contentHash: z.string(),
})
export type SeedManifest = z.infer<typeof SeedManifestSchema>

/** File names under data/seed/. Matrices are one file per server: matrix-cn.json, … */
export const SEED_FILES = {
  manifest: 'manifest.json',
  items: 'items.json',
  zones: 'zones.json',
  stages: 'stages.json',
  dropInfos: 'drop-infos.json',
  formulas: 'formulas.json',
  periods: 'periods.json',
  notices: 'notices.json',
  pron: 'pron.json',
  /** Operators and their costs with the level table (issue 39, `seedOperatorsSchema`). */
  operators: 'operators.json',
  /** What the derivation reads of the toolbox history (apps/importer/src/history.ts), for the run-time sync. */
  history: 'toolbox-history.json',
  matrix: (server: 'CN' | 'US' | 'JP' | 'KR') => `matrix-${server.toLowerCase()}.json`,
} as const
