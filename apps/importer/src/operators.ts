import type { ItemCounts, LevelTable, Operator, OperatorMastery, OperatorModule, Profession, SeedOperators, Server } from '@dropwise/schemas'
import { compareStrings, SERVERS } from './util'

/**
 * Operators and their costs (issue 39 item 1) from arknights-toolbox's data (`assets/data/{cultivate,character,level}.json`)
 * and its names per language (`assets/locales/{cn,us,jp,kr}/{character,skill,uniequip}.json`); README §1.6 of the raw data.
 */

/** The toolbox's locale folders (as `raw.ts`'s `ToolboxLang`). */
type ToolboxLang = 'cn' | 'us' | 'jp' | 'kr'

export interface RawCultivate {
  evolve: Record<string, number>[]
  skills: {
    normal: Record<string, number>[]
    elite: { name: string; cost: Record<string, number>[]; isPatch?: boolean; unlockStages?: string[] }[]
  }
  uniequip: { id: string; cost: Record<string, number>[] }[]
}

export interface RawToolboxCharacter {
  pinyin: { full: string; head: string }
  romaji: string
  appellation: string
  star: number
  recruitment: Record<string, number>
  position: number
  profession: number
}

export interface RawToolboxLevel {
  maxLevel: number[][]
  characterExp: number[][]
  characterUpgradeCost: number[][]
  eliteCost: number[][]
}

export interface RawToolboxOperators {
  cultivate: Record<string, RawCultivate>
  character: Record<string, RawToolboxCharacter>
  level: RawToolboxLevel
  names: Record<ToolboxLang, { character: Record<string, string>; skill: Record<string, string>; uniequip: Record<string, string> }>
}

export const OPERATOR_NAME_KINDS = ['character', 'skill', 'uniequip'] as const

/** The raw files the operators derive from, relative to the raw folder (all in arkntools/arknights-toolbox-data). */
export const OPERATOR_RAW_FILES = {
  cultivate: 'toolbox/assets/data/cultivate.json',
  character: 'toolbox/assets/data/character.json',
  level: 'toolbox/assets/data/level.json',
  names: (lang: ToolboxLang, kind: (typeof OPERATOR_NAME_KINDS)[number]) => `toolbox/assets/locales/${lang}/${kind}.json`,
} as const

/**
 * The toolbox's profession numbers: its `CharProfession` enum (arkntools/arknights-toolbox-data,
 * `src/types/gameData/characterTable.ts`) numbers the game's classes from 1 in this order.
 */
const TOOLBOX_PROFESSIONS: readonly Profession[] = ['WARRIOR', 'SNIPER', 'TANK', 'MEDIC', 'SUPPORT', 'CASTER', 'SPECIAL', 'PIONEER']

const LANG_OF_SERVER: Record<Server, ToolboxLang> = { CN: 'cn', US: 'us', JP: 'jp', KR: 'kr' }
const I18N_KEYS = [
  ['zh', 'cn'],
  ['en', 'us'],
  ['ja', 'jp'],
  ['ko', 'kr'],
] as const

/** Positive counts only, keys in code-unit order. */
const counts = (raw: Record<string, number> | undefined): ItemCounts => {
  const out: ItemCounts = {}
  for (const id of Object.keys(raw ?? {}).sort(compareStrings)) {
    const n = raw?.[id] ?? 0
    if (n > 0) out[id] = n
  }
  return out
}

const names = (raw: RawToolboxOperators, kind: (typeof OPERATOR_NAME_KINDS)[number], id: string): Partial<Record<'zh' | 'en' | 'ja' | 'ko', string>> => {
  const out: Partial<Record<'zh' | 'en' | 'ja' | 'ko', string>> = {}
  for (const [key, lang] of I18N_KEYS) {
    const name = raw.names[lang][kind][id]
    if (name) out[key] = name
  }
  return out
}

const three = (list: Record<string, number>[], what: string): [ItemCounts, ItemCounts, ItemCounts] => {
  if (list.length !== 3) throw new Error(`${what}: expected 3 stages of costs, got ${list.length}`)
  return [counts(list[0]), counts(list[1]), counts(list[2])]
}

/** `skchr_amiya2_1` → `amiya2`: the form (the game's character of the patch) a patch skill belongs to. */
const formOfSkill = (skillId: string): string => /^sk[a-z]*_(.+)_\d+$/.exec(skillId)?.[1] ?? skillId

const deriveOperator = (raw: RawToolboxOperators, id: string): Operator => {
  const ch = raw.character[id]
  if (ch === undefined) throw new Error(`operator ${id}: not in character.json`)
  const profession = TOOLBOX_PROFESSIONS[ch.profession - 1]
  if (profession === undefined) throw new Error(`operator ${id}: unknown profession number ${ch.profession}`)
  const zh = raw.names.cn.character[id]
  if (!zh) throw new Error(`operator ${id}: no Chinese name`)
  const c = raw.cultivate[id]
  // The toolbox lists no Elite 1 materials for 3-stars: their promotion costs LMD only (level.json's eliteCost).
  const elite = (c?.evolve ?? []).map(counts)
  if (elite.length === 0 && ch.star === 3) elite.push({})
  const masteries: OperatorMastery[] = (c?.skills.elite ?? []).map((s) => {
    const m: OperatorMastery = { skillId: s.name, name_i18n: names(raw, 'skill', s.name), costs: three(s.cost, `operator ${id} skill ${s.name}`) }
    if (s.isPatch === true) m.form = formOfSkill(s.name)
    return m
  })
  const forms = new Set(masteries.flatMap((m) => (m.form === undefined ? [] : [m.form])))
  const modules: OperatorModule[] = (c?.uniequip ?? []).map((u) => {
    const m: OperatorModule = { id: u.id, name_i18n: names(raw, 'uniequip', u.id), costs: three(u.cost, `operator ${id} module ${u.id}`) }
    const suffix = u.id.replace(/^uniequip_\d+_/, '')
    if (forms.has(suffix)) m.form = suffix
    return m
  })
  const { zh: _zh, ...others } = names(raw, 'character', id)
  return {
    id,
    star: ch.star,
    profession,
    servers: SERVERS.filter((s) => raw.names[LANG_OF_SERVER[s]].character[id] !== undefined),
    name: zh,
    name_i18n: { zh, ...others },
    pron: { pinyin: ch.pinyin.full, pinyinHead: ch.pinyin.head, romaji: ch.romaji },
    elite,
    skills: (c?.skills.normal ?? []).map(counts),
    masteries,
    modules,
  }
}

/** The level table in the seed's names (`characterExp` → `exp`, `characterUpgradeCost` → `lmd`, `eliteCost` → `eliteLmd`). */
export const deriveLevelTable = (level: RawToolboxLevel): LevelTable => ({
  maxLevel: level.maxLevel,
  exp: level.characterExp,
  lmd: level.characterUpgradeCost,
  eliteLmd: level.eliteCost,
})

/**
 * Every operator of the toolbox's `character.json` (1-2 stars, which have no costs, included), sorted by id, with
 * the level table. Pure and deterministic: the seed build and the run-time game-data sync can both call it.
 */
export const deriveOperators = (raw: RawToolboxOperators): SeedOperators => ({
  levels: deriveLevelTable(raw.level),
  operators: Object.keys(raw.character)
    .sort(compareStrings)
    .map((id) => deriveOperator(raw, id)),
})
