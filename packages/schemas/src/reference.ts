import { z } from 'zod'
import { DropTypeSchema, ExistenceSchema, I18nSchema, MsSchema, PartialI18nSchema } from './common'

const LangListSchema = z.record(z.string(), z.array(z.string()))

/** An item as the v2 API serves it (api-v2.md §5.1). */
export const ItemSchema = z
  .object({
    itemId: z.string(),
    name: z.string().describe('Chinese name (= name_i18n.zh)'),
    name_i18n: I18nSchema,
    existence: ExistenceSchema,
    itemType: z.string(),
    sortId: z.number().int(),
    rarity: z.number().int().describe('0-based tier'),
    groupID: z.string().nullable(),
    spriteCoord: z.tuple([z.number().int(), z.number().int()]).optional(),
    alias: LangListSchema.nullable(),
    pron: LangListSchema.nullable(),
  })
  .meta({ id: 'Item' })
export type Item = z.infer<typeof ItemSchema>
export const ItemListSchema = z.array(ItemSchema)

export const BoundsSchema = z.object({
  lower: z.number().int(),
  upper: z.number().int(),
  exceptions: z.array(z.number().int()).optional(),
})
export type Bounds = z.infer<typeof BoundsSchema>

/** A drop info active now on the requested server; no itemId = a per-drop-type constraint (§5.2). */
export const DropInfoSchema = z.object({ itemId: z.string().optional(), dropType: DropTypeSchema, bounds: BoundsSchema }).meta({ id: 'DropInfo' })
export type DropInfo = z.infer<typeof DropInfoSchema>

export const STAGE_TYPES = ['MAIN', 'SUB', 'ACTIVITY', 'DAILY'] as const

/** A stage (api-v2.md §5.2). `dropInfos` is omitted, never empty, when the stage is closed. */
export const StageSchema = z
  .object({
    stageId: z.string(),
    zoneId: z.string(),
    stageType: z.enum(STAGE_TYPES),
    code: z.string(),
    code_i18n: I18nSchema,
    isGacha: z.literal(true).optional(),
    apCost: z.number().int(),
    existence: ExistenceSchema,
    minClearTime: z.number().int().nullable().describe('ms'),
    recognitionOnly: z.array(z.string()).optional(),
    dropInfos: z.array(DropInfoSchema).min(1).optional(),
  })
  .meta({ id: 'Stage' })
export type Stage = z.infer<typeof StageSchema>
export const StageListSchema = z.array(StageSchema)

export const ZoneSchema = z
  .object({
    zoneId: z.string(),
    zoneIndex: z.number().int(),
    type: z.string(),
    subType: z.string().nullable(),
    zoneName: z.string(),
    zoneName_i18n: I18nSchema,
    existence: ExistenceSchema,
    background: z.string().nullable(),
    stages: z.array(z.string()),
  })
  .meta({ id: 'Zone' })
export type Zone = z.infer<typeof ZoneSchema>
export const ZoneListSchema = z.array(ZoneSchema)

export const NoticeSchema = z
  .object({
    id: z.number().int(),
    existence: ExistenceSchema,
    severity: z.number().int().nullable(),
    content_i18n: PartialI18nSchema.describe('markdown'),
  })
  .meta({ id: 'Notice' })
export type Notice = z.infer<typeof NoticeSchema>
export const NoticeListSchema = z.array(NoticeSchema)

export const PeriodSchema = z.object({ start: MsSchema, end: MsSchema.nullable(), label_i18n: I18nSchema, existence: ExistenceSchema }).meta({ id: 'Period' })
export type Period = z.infer<typeof PeriodSchema>
export const PeriodListSchema = z.array(PeriodSchema)

/** A workshop formula in the Penguin shape; ArkPlanner keys on `name` (§6.7). */
export const FormulaSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    goldCost: z.number().int(),
    costs: z.array(z.object({ id: z.string(), name: z.string(), rarity: z.number().int(), count: z.number().int() })),
    extraOutcome: z.array(z.object({ id: z.string(), name: z.string(), rarity: z.number().int(), count: z.number().int(), weight: z.number() })),
    totalWeight: z.number(),
  })
  .meta({ id: 'Formula' })
export type Formula = z.infer<typeof FormulaSchema>
export const FormulaListSchema = z.array(FormulaSchema)

/** Admin-maintained frontend config, served verbatim (§6.6). */
export const FrontendConfigSchema = z.record(z.string(), z.unknown()).meta({ id: 'FrontendConfig' })
export type FrontendConfig = z.infer<typeof FrontendConfigSchema>
