import type { GameLang, ToolboxLang } from './raw'
import { OPERATOR_NAME_KINDS, OPERATOR_RAW_FILES } from './operators'
import { RAW_FILES } from './raw'

/**
 * Where each raw input lives upstream: the one map from the importer's raw paths (relative to the raw folder,
 * /work/shared/data README §1) to `<owner>/<repo>/<ref>/<path>`, the layout of GitHub's raw host and of a mirror.
 * - `follow`: read at the default branch's head by the run-time sync (issue 36);
 * - `pinned`: a file at a fixed commit (its bytes never change; the sync checks them against the seed's manifest);
 * - `local`: no repository serves it (the toolbox history is extracted from git history); derived into the seed (`data/seed/toolbox-history.json`, apps/importer/src/history.ts);
 * - `none`: not read by the sync (the Penguin matrix dumps: statistics, not game data).
 */
export interface SourceFile {
  /** The importer's path, relative to the raw folder. */
  raw: string
  mode: 'follow' | 'pinned' | 'local' | 'none'
  repo: string
  /** Branch (follow) or commit (pinned). */
  ref: string
  path: string
}

const TOOLBOX = 'arkntools/arknights-toolbox-data'
const MAA = 'MaaAssistantArknights/MaaResource'
const GAMEDATA = 'Kengxxiao/ArknightsGameData'
const GAMEDATA_YOSTAR = 'Kengxxiao/ArknightsGameData_YoStar'
const PENGUIN_SNAPSHOT = { repo: 'BiologyHazard/Arknights-SideStory-drop-rate', commit: '74237f3b5b5752946e20552195296076c85ebc64', folder: '企鹅物流数据' }
const PENGUIN_MATRIX = 'ArknightsToolOperatorsManager/penguin-stats-data'

const GAME_LANGS: readonly GameLang[] = ['zh_CN', 'en_US', 'ja_JP', 'ko_KR']
const TOOLBOX_LANGS: readonly ToolboxLang[] = ['cn', 'us', 'jp', 'kr']
const SERVERS_LOWER = ['cn', 'us', 'jp', 'kr'] as const

const gameTable = (lang: GameLang, file: string): Omit<SourceFile, 'raw'> =>
  lang === 'zh_CN'
    ? { mode: 'follow', repo: GAMEDATA, ref: 'master', path: `zh_CN/gamedata/excel/${file}` }
    : { mode: 'follow', repo: GAMEDATA_YOSTAR, ref: 'main', path: `${lang}/gamedata/excel/${file}` }

/** The toolbox's current event files (`RawToolboxEvents`), by key. */
export const TOOLBOX_EVENT_FILES = {
  stage: 'toolbox/assets/data/stage.json',
  event: 'toolbox/assets/data/event.json',
  drop: 'toolbox/assets/data/drop.json',
  zone: 'toolbox/assets/data/zone.json',
} as const

export const SOURCE_FILES: readonly SourceFile[] = [
  ...(['items', 'stages', 'zones'] as const).map((k): SourceFile => ({
    raw: RAW_FILES[k],
    mode: 'pinned',
    repo: PENGUIN_SNAPSHOT.repo,
    ref: PENGUIN_SNAPSHOT.commit,
    path: `${PENGUIN_SNAPSHOT.folder}/${k}.json`,
  })),
  ...SERVERS_LOWER.flatMap((s): SourceFile[] => [
    {
      raw: `penguin-matrix/2025-06-21/penguin-stats-${s}.json`,
      mode: 'none',
      repo: PENGUIN_MATRIX,
      ref: 'df1d8b00a2b72f033ddd0c5936d58e544b49e0a1',
      path: `data/2025-06-21/penguin-stats-${s}.json`,
    },
    {
      raw: `penguin-matrix/2025-08-02/penguin-stats-${s}.json`,
      mode: 'none',
      repo: PENGUIN_MATRIX,
      ref: '5667b5a417709ceec02eabcd9d990387b8ccb34b',
      path: `data/2025-08-02/penguin-stats-${s}.json`,
    },
  ]),
  { raw: RAW_FILES.maaStages, mode: 'follow', repo: MAA, ref: 'main', path: 'resource/stages.json' },
  ...GAME_LANGS.flatMap((l) => [
    { raw: RAW_FILES.itemTable(l), ...gameTable(l, 'item_table.json') },
    { raw: RAW_FILES.zoneTable(l), ...gameTable(l, 'zone_table.json') },
  ]),
  { raw: RAW_FILES.chapterTable, ...gameTable('zh_CN', 'chapter_table.json') },
  // Over ~4 MB, absent from the mirrors' current snapshots: pinned where the importer took them.
  { raw: RAW_FILES.retroTable, mode: 'pinned', repo: GAMEDATA, ref: 'd12cb4ebdd16613892b2f1c8167ff49d1d82aa89', path: 'zh_CN/gamedata/excel/retro_table.json' },
  { raw: RAW_FILES.buildingData, mode: 'pinned', repo: GAMEDATA, ref: 'd08c93167fc949832f44a00ed41e7a871530c2ec', path: 'zh_CN/gamedata/excel/building_data.json' },
  ...TOOLBOX_LANGS.map((l): SourceFile => ({ raw: RAW_FILES.toolboxZoneNames(l), mode: 'follow', repo: TOOLBOX, ref: 'main', path: `assets/locales/${l}/zone.json` })),
  ...Object.values(TOOLBOX_EVENT_FILES).map((raw): SourceFile => ({ raw, mode: 'follow', repo: TOOLBOX, ref: 'main', path: raw.replace(/^toolbox\//, '') })),
  { raw: RAW_FILES.history, mode: 'local', repo: 'arkntools/arknights-toolbox-data', ref: 'history', path: 'toolbox-history.json' },
]

/**
 * The operators' files (issue 39; `deriveOperators` in ./operators.ts), followed at the toolbox's head like its other
 * files. Not in `SOURCE_FILES` yet: the game-data sync does not derive operators (the seed build reads them).
 */
export const OPERATOR_SOURCE_FILES: readonly SourceFile[] = [
  OPERATOR_RAW_FILES.cultivate,
  OPERATOR_RAW_FILES.character,
  OPERATOR_RAW_FILES.level,
  ...TOOLBOX_LANGS.flatMap((l) => OPERATOR_NAME_KINDS.map((kind) => OPERATOR_RAW_FILES.names(l, kind))),
].map((raw): SourceFile => ({ raw, mode: 'follow', repo: TOOLBOX, ref: 'main', path: raw.replace(/^toolbox\//, '') }))

/** `<owner>/<repo>/<ref>/<path>`: where a source file lies in the raw layout (URL-encode each segment to fetch it). */
export const sourceKey = (f: Pick<SourceFile, 'repo' | 'ref' | 'path'>): string => `${f.repo}/${f.ref}/${f.path}`
