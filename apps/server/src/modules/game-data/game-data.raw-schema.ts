import { z } from 'zod'

/**
 * Shapes of the raw files the derivation reads (issue 36: verify before apply). Only the fields the importer
 * uses are checked, strictly enough that a file of another shape (a renamed field, a list where a table was)
 * is refused before any derivation runs; fields the importer ignores may come and go.
 */
const i18n = z.object({ zh: z.string(), en: z.string(), ja: z.string(), ko: z.string() })
const window = z.looseObject({ exist: z.boolean(), openTime: z.number().optional(), closeTime: z.number().optional() })
const existence = z.looseObject({ CN: window, US: window, JP: window, KR: window })
const id = z.string().min(1)
const langList = z.record(z.string(), z.array(z.string())).nullable().optional()

const PenguinItems = z.array(
  z.looseObject({
    itemId: id,
    name: z.string(),
    name_i18n: i18n,
    existence,
    itemType: z.string(),
    sortId: z.number(),
    rarity: z.number().int(),
    groupID: z.string().nullable().optional(),
    spriteCoord: z.tuple([z.number(), z.number()]).optional(),
    alias: langList,
    pron: langList,
  }),
)
const bounds = z.looseObject({ lower: z.number(), upper: z.number(), exceptions: z.array(z.number()).optional() })
const PenguinStages = z.array(
  z.looseObject({
    stageId: id,
    zoneId: id,
    stageType: z.enum(['MAIN', 'SUB', 'ACTIVITY', 'DAILY']),
    code: z.string(),
    code_i18n: i18n,
    apCost: z.number(),
    existence,
    minClearTime: z.number().nullable(),
    dropInfos: z.array(z.looseObject({ itemId: z.string().optional(), dropType: z.string(), bounds })).optional(),
    isGacha: z.boolean().optional(),
    recognitionOnly: z.array(z.string()).optional(),
  }),
)
const PenguinZones = z.array(
  z.looseObject({
    zoneId: id,
    zoneIndex: z.number(),
    type: z.string(),
    subType: z.string().nullable(),
    zoneName: z.string(),
    zoneName_i18n: i18n,
    existence,
    background: z.string().nullable(),
    stages: z.array(z.string()),
  }),
)
const MaaStages = z
  .array(z.looseObject({ stageId: id, code: z.string(), apCost: z.number(), dropInfos: z.array(z.looseObject({ dropType: z.string(), itemId: id })) }))
  .min(1)
const ItemTable = z.looseObject({
  items: z.record(z.string(), z.looseObject({ itemId: id, name: z.string(), rarity: z.string(), sortId: z.number() })),
})
const ZoneTable = z.looseObject({
  zones: z.record(
    z.string(),
    z.looseObject({ zoneID: id, type: z.string(), zoneNameFirst: z.string().nullable().optional(), zoneNameSecond: z.string().nullable().optional() }),
  ),
  zoneValidInfo: z.record(z.string(), z.looseObject({ startTs: z.number(), endTs: z.number() })),
})
const ChapterTable = z.record(
  z.string(),
  z.looseObject({ chapterId: z.string(), chapterName: z.string(), chapterName2: z.string(), startZoneId: z.string(), endZoneId: z.string() }),
)
const RetroTable = z.looseObject({
  stageList: z.record(z.string(), z.looseObject({ stageId: id, zoneId: z.string(), code: z.string(), apCost: z.number() })),
})
const BuildingData = z.looseObject({
  workshopFormulas: z.record(
    z.string(),
    z.looseObject({
      itemId: id,
      count: z.number(),
      goldCost: z.number(),
      costs: z.array(z.looseObject({ id, count: z.number(), type: z.string() })),
      extraOutcomeGroup: z.array(z.looseObject({ weight: z.number(), itemId: id, itemCount: z.number() })),
    }),
  ),
})
const Names = z.record(z.string(), z.string())
const validity = z.looseObject({ startTs: z.number(), endTs: z.number(), firstSeen: z.string(), lastSeen: z.string() })
const History = z.looseObject({
  stages: z.record(
    z.string(),
    z.array(z.looseObject({ zoneId: z.string().nullable(), code: z.string(), apCost: z.number(), section: z.string(), firstSeen: z.string(), lastSeen: z.string() })),
  ),
  eventValidity: z.record(z.string(), z.record(z.string(), z.array(validity))),
  zoneToActivity: z.record(z.string(), z.array(z.string())),
})
const ToolboxStage = z.record(z.string(), z.record(z.string(), z.record(z.string(), z.looseObject({ code: z.string(), cost: z.number() }))))
const ToolboxEvent = z.record(z.string(), z.record(z.string(), z.looseObject({ valid: z.looseObject({ startTs: z.number(), endTs: z.number() }) })))
const ToolboxDrop = z.record(z.string(), z.record(z.string(), z.record(z.string(), z.record(z.string(), z.number()))))
const ToolboxZone = z.looseObject({ zoneToActivity: z.record(z.string(), z.string()) })

/** Penguin's v2 `/items`, `/stages?server=X` and `/zones` answers: the importer's dump and a live upstream (UPSTREAM_API) alike. */
export const PENGUIN_ANSWER_SCHEMAS = { items: PenguinItems, stages: PenguinStages, zones: PenguinZones } as const

/** The schema of a raw file, by the importer's path (relative to its raw folder). */
export const rawSchemaOf = (rawPath: string): z.ZodType | null => {
  if (rawPath.endsWith('penguin-api-2024-10-17/items.json')) return PenguinItems
  if (rawPath.endsWith('penguin-api-2024-10-17/stages.json')) return PenguinStages
  if (rawPath.endsWith('penguin-api-2024-10-17/zones.json')) return PenguinZones
  if (rawPath === 'maa/stages.json') return MaaStages
  if (rawPath.endsWith('/item_table.json')) return ItemTable
  if (rawPath.endsWith('/zone_table.json')) return ZoneTable
  if (rawPath.endsWith('/chapter_table.json')) return ChapterTable
  if (rawPath.endsWith('/retro_table.json')) return RetroTable
  if (rawPath.endsWith('/building_data.json')) return BuildingData
  if (/^toolbox\/assets\/locales\/[a-z]+\/zone\.json$/.test(rawPath)) return Names
  if (rawPath.endsWith('toolbox-history.json')) return History
  if (rawPath === 'toolbox/assets/data/stage.json') return ToolboxStage
  if (rawPath === 'toolbox/assets/data/event.json') return ToolboxEvent
  if (rawPath === 'toolbox/assets/data/drop.json') return ToolboxDrop
  if (rawPath === 'toolbox/assets/data/zone.json') return ToolboxZone
  return null
}
