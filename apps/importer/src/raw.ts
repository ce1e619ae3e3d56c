import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { SERVERS, type Server } from '@dropwise/schemas'
import { OPERATOR_RAW_FILES, type OPERATOR_NAME_KINDS, type RawToolboxOperators } from './operators'

/**
 * Shapes of the raw public files the importer reads (see /work/shared/data/README.md §1).
 * Only the fields the importer uses are typed; the files are trusted to be the documented copies.
 */
export type RawExistence = Record<Server, { exist: boolean; openTime?: number; closeTime?: number }>
export type LangList = Record<string, string[]>

export interface RawPenguinItem {
  itemId: string
  name: string
  name_i18n: { zh: string; en: string; ja: string; ko: string }
  existence: RawExistence
  itemType: string
  sortId: number
  rarity: number
  groupID?: string | null
  spriteCoord?: [number, number]
  alias?: LangList | null
  pron?: LangList | null
}

export interface RawBounds {
  lower: number
  upper: number
  exceptions?: number[]
}

export interface RawPenguinDropInfo {
  itemId?: string
  dropType: string
  bounds: RawBounds
}

export interface RawPenguinStage {
  stageId: string
  zoneId: string
  stageType: 'MAIN' | 'SUB' | 'ACTIVITY' | 'DAILY'
  code: string
  code_i18n: { zh: string; en: string; ja: string; ko: string }
  apCost: number
  existence: RawExistence
  minClearTime: number | null
  dropInfos?: RawPenguinDropInfo[]
  isGacha?: boolean
  recognitionOnly?: string[]
}

export interface RawPenguinZone {
  zoneId: string
  zoneIndex: number
  type: string
  subType: string | null
  zoneName: string
  zoneName_i18n: { zh: string; en: string; ja: string; ko: string }
  existence: RawExistence
  background: string | null
  stages: string[]
}

/** A 2025-06-21 dump row (the dump script's dropRate/dropPercentage/fetchedAt are ignored). */
export interface RawMatrixRow {
  stageId: string
  itemId: string
  times: number
  quantity: number
  stdDev: number
  start: number
  end: number | null
}

export interface RawMatrixDump {
  fetchedAt: string
  data: RawMatrixRow[]
}

/** The lossy 2025-08-02 reshape (README §2.1). */
export interface RawReshapedDump {
  fetchedAt: string
  data: Record<
    string,
    {
      stageInfo: { times: number; start: number; end: number | null }
      items: Record<string, { quantity: number; stdDev: number }>
    }
  >
}

export interface RawMaaStage {
  stageId: string
  code: string
  apCost: number
  dropInfos: { dropType: string; itemId: string }[]
}

export interface RawGameItem {
  itemId: string
  name: string
  rarity: string
  sortId: number
}

export interface RawZoneTable {
  zones: Record<string, { zoneID: string; type: string; zoneNameFirst: string | null; zoneNameSecond: string | null }>
  zoneValidInfo: Record<string, { startTs: number; endTs: number }>
}

export interface RawChapterTable {
  [chapterId: string]: { chapterId: string; chapterName: string; chapterName2: string; startZoneId: string; endZoneId: string }
}

export interface RawRetroTable {
  stageList: Record<string, { stageId: string; zoneId: string; code: string; apCost: number }>
}

export interface RawWorkshopFormula {
  itemId: string
  count: number
  goldCost: number
  costs: { id: string; count: number; type: string }[]
  extraOutcomeGroup: { weight: number; itemId: string; itemCount: number }[]
}

export interface RawBuildingData {
  workshopFormulas: Record<string, RawWorkshopFormula>
}

export interface RawValidityEntry {
  startTs: number
  endTs: number
  firstSeen: string
  lastSeen: string
}

export interface RawToolboxHistory {
  stages: Record<string, { zoneId: string | null; code: string; apCost: number; section: string; firstSeen: string; lastSeen: string }[]>
  eventValidity: Record<string, Record<string, RawValidityEntry[]>>
  zoneToActivity: Record<string, string[]>
}

/**
 * The toolbox's current event files (`assets/data/{stage,event,drop,zone}.json`), read by the run-time sync
 * (issue 36) to follow events the seed's inputs do not know yet. The importer's seed build leaves them out.
 */
export interface RawToolboxEvents {
  /** `stage.json`: section → toolbox zone id → stage id → code and sanity cost. */
  stage: Record<string, Record<string, Record<string, { code: string; cost: number }>>>
  /** `event.json`: server (cn, us, jp, kr, tw) → zone id → window in game seconds (inclusive end). */
  event: Record<string, Record<string, { valid: { startTs: number; endTs: number } }>>
  /** `drop.json`: section → zone id → item id → stage code → the toolbox's drop class. */
  drop: Record<string, Record<string, Record<string, Record<string, number>>>>
  /** `zone.json`: zone id → activity id. */
  zone: { zoneToActivity: Record<string, string> }
  /** When these files were read (ISO 8601): their windows are the newest seen. */
  seenAt: string
}

export type GameLang = 'zh_CN' | 'en_US' | 'ja_JP' | 'ko_KR'
export const GAME_LANG_BY_SERVER: Record<Server, GameLang> = { CN: 'zh_CN', US: 'en_US', JP: 'ja_JP', KR: 'ko_KR' }
export type ToolboxLang = 'cn' | 'us' | 'jp' | 'kr'
export const TOOLBOX_LANG_BY_SERVER: Record<Server, ToolboxLang> = { CN: 'cn', US: 'us', JP: 'jp', KR: 'kr' }

export interface RawData {
  items: RawPenguinItem[]
  stages: RawPenguinStage[]
  zones: RawPenguinZone[]
  matrix: Record<Server, RawMatrixDump>
  reshaped: Record<Server, RawReshapedDump>
  maaStages: RawMaaStage[]
  itemTables: Record<GameLang, Record<string, RawGameItem>>
  zoneTables: Record<GameLang, RawZoneTable>
  chapterTable: RawChapterTable
  retroTable: RawRetroTable
  buildingData: RawBuildingData
  toolboxZoneNames: Record<ToolboxLang, Record<string, string>>
  history: RawToolboxHistory
  /** Current events from the toolbox (the run-time sync only); absent, no event beyond the other inputs is added. */
  events?: RawToolboxEvents
  /** Operators and their costs (issue 39), derived apart from the reference data (`deriveOperators`). */
  operators: RawToolboxOperators
}

/** What the reference derivation reads: every raw input except the matrix dumps (it takes their rows ready-made) and the operators. */
export type ReferenceRaw = Omit<RawData, 'matrix' | 'reshaped' | 'operators'>

export interface RawSource {
  /** Path relative to the --raw folder (derived files start with `../derived/`). */
  path: string
  sha256: string
}

export interface LoadedRaw {
  data: RawData
  sources: RawSource[]
}

/** Every file the importer reads, relative to the `raw` folder. */
export const RAW_FILES = {
  items: 'penguin-api-2024-10-17/items.json',
  stages: 'penguin-api-2024-10-17/stages.json',
  zones: 'penguin-api-2024-10-17/zones.json',
  matrix: (s: Server) => `penguin-matrix/2025-06-21/penguin-stats-${s.toLowerCase()}.json`,
  reshaped: (s: Server) => `penguin-matrix/2025-08-02/penguin-stats-${s.toLowerCase()}.json`,
  maaStages: 'maa/stages.json',
  itemTable: (l: GameLang) => `gamedata/${l}/item_table.json`,
  zoneTable: (l: GameLang) => `gamedata/${l}/zone_table.json`,
  chapterTable: 'gamedata/zh_CN/chapter_table.json',
  retroTable: 'gamedata/zh_CN-2025-09-25/retro_table.json',
  buildingData: 'gamedata/zh_CN-2025-05-22/building_data.json',
  toolboxZoneNames: (l: ToolboxLang) => `toolbox/assets/locales/${l}/zone.json`,
  history: '../derived/toolbox-history.json',
} as const

const GAME_LANGS: readonly GameLang[] = ['zh_CN', 'en_US', 'ja_JP', 'ko_KR']
const TOOLBOX_LANGS: readonly ToolboxLang[] = ['cn', 'us', 'jp', 'kr']

/** Reads the toolbox's operator files with `read` (a path relative to the raw folder → its parsed JSON). */
export const loadRawOperators = async (read: <T>(rel: string) => Promise<T>): Promise<RawToolboxOperators> => {
  const names = async (lang: ToolboxLang) => {
    const kind = (k: (typeof OPERATOR_NAME_KINDS)[number]) => read<Record<string, string>>(OPERATOR_RAW_FILES.names(lang, k))
    return { character: await kind('character'), skill: await kind('skill'), uniequip: await kind('uniequip') }
  }
  return {
    cultivate: await read(OPERATOR_RAW_FILES.cultivate),
    character: await read(OPERATOR_RAW_FILES.character),
    level: await read(OPERATOR_RAW_FILES.level),
    names: Object.fromEntries(await Promise.all(TOOLBOX_LANGS.map(async (l) => [l, await names(l)] as const))) as RawToolboxOperators['names'],
  }
}

/** Reads every raw input once, remembering its SHA-256 for the manifest. */
export const loadRaw = async (rawDir: string): Promise<LoadedRaw> => {
  const sources: RawSource[] = []
  const read = async <T>(rel: string): Promise<T> => {
    const full = join(rawDir, rel)
    const bytes = await readFile(full).catch((error: unknown) => {
      throw new Error(`cannot read raw file ${rel} (${full}): ${String(error)}`)
    })
    sources.push({ path: relative(rawDir, full).split('\\').join('/'), sha256: createHash('sha256').update(bytes).digest('hex') })
    return JSON.parse(bytes.toString('utf8')) as T
  }
  const perServer = async <T>(f: (s: Server) => string) =>
    Object.fromEntries(await Promise.all(SERVERS.map(async (s) => [s, await read<T>(f(s))] as const))) as Record<Server, T>

  const itemTables = Object.fromEntries(
    await Promise.all(GAME_LANGS.map(async (l) => [l, (await read<{ items: Record<string, RawGameItem> }>(RAW_FILES.itemTable(l))).items] as const)),
  ) as Record<GameLang, Record<string, RawGameItem>>
  const zoneTables = Object.fromEntries(await Promise.all(GAME_LANGS.map(async (l) => [l, await read<RawZoneTable>(RAW_FILES.zoneTable(l))] as const))) as Record<
    GameLang,
    RawZoneTable
  >
  const toolboxZoneNames = Object.fromEntries(
    await Promise.all(TOOLBOX_LANGS.map(async (l) => [l, await read<Record<string, string>>(RAW_FILES.toolboxZoneNames(l))] as const)),
  ) as Record<ToolboxLang, Record<string, string>>

  const data: RawData = {
    items: await read(RAW_FILES.items),
    stages: await read(RAW_FILES.stages),
    zones: await read(RAW_FILES.zones),
    matrix: await perServer<RawMatrixDump>(RAW_FILES.matrix),
    reshaped: await perServer<RawReshapedDump>(RAW_FILES.reshaped),
    maaStages: await read(RAW_FILES.maaStages),
    itemTables,
    zoneTables,
    chapterTable: await read(RAW_FILES.chapterTable),
    retroTable: await read(RAW_FILES.retroTable),
    buildingData: await read(RAW_FILES.buildingData),
    toolboxZoneNames,
    history: await read(RAW_FILES.history),
    operators: await loadRawOperators(read),
  }
  sources.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { data, sources }
}
