import type { LevelTable, Operator } from '@dropwise/schemas'

/**
 * Small operators and a level table in the game's shape, for the goals' unit tests (test-only module): level n costs
 * n EXP and 10·n LMD at Elite 0, 2n/20n at Elite 1, 3n/30n at Elite 2; promotions cost the rarity's LMD.
 */
const row = (length: number, k: number): number[] => Array.from({ length }, (_, i) => k * (i + 1))
export const LEVELS: LevelTable = {
  maxLevel: [[30], [30], [40, 55], [45, 60, 70], [50, 70, 80], [50, 80, 90]],
  exp: [row(49, 1), row(79, 2), row(89, 3)],
  lmd: [row(49, 10), row(79, 20), row(89, 30)],
  eliteLmd: [[], [], [10000], [15000, 60000], [20000, 120000], [30000, 180000]],
}
const costs3 = (id: string): [Record<string, number>, Record<string, number>, Record<string, number>] => [{ [id]: 1 }, { [id]: 2 }, { [id]: 3 }]

export const TEXAS: Operator = {
  id: '102_texas',
  star: 5,
  profession: 'PIONEER',
  servers: ['CN', 'US', 'JP', 'KR'],
  name: '德克萨斯',
  name_i18n: { zh: '德克萨斯', en: 'Texas', ja: 'テキサス', ko: '텍사스' },
  pron: { pinyin: 'dekesasi', pinyinHead: 'dkss', romaji: 'tekisasu' },
  elite: [
    { '3211': 4, '30032': 5 },
    { '3213': 3, '30013': 16 },
  ],
  skills: [{ '3301': 4 }, { '3301': 4, '30031': 7 }, { '3302': 6 }, { '3302': 6 }, { '3302': 6 }, { '3303': 6 }],
  masteries: [
    { skillId: 'skcom_charge_cost_3', name_i18n: { zh: '冲锋号令·γ型', en: 'Charge γ' }, costs: costs3('30104') },
    { skillId: 'skchr_texas_2', name_i18n: { zh: '剑雨', en: 'Sword Rain' }, costs: costs3('30094') },
  ],
  modules: [
    { id: 'uniequip_002_texas', name_i18n: { en: 'PIO-X' }, costs: [{ '30104': 3, mod_unlock_token: 2 }, { mod_update_token_1: 20 }, { mod_update_token_2: 8 }] },
  ],
}

export const AMIYA: Operator = {
  ...TEXAS,
  id: '002_amiya',
  profession: 'CASTER',
  name: '阿米娅',
  name_i18n: { zh: '阿米娅', en: 'Amiya', ja: 'アーミヤ', ko: '아미야' },
  pron: { pinyin: 'amiya', pinyinHead: 'amy', romaji: 'amiya' },
  masteries: [
    { skillId: 'a1', name_i18n: { en: 'A1' }, costs: costs3('m1') },
    { skillId: 'a2', name_i18n: { en: 'A2' }, costs: costs3('m2') },
    { skillId: 'a3', name_i18n: { en: 'A3' }, costs: costs3('m3') },
    { skillId: 'g1', name_i18n: { en: 'G1' }, costs: costs3('g1'), form: 'amiya2' },
    { skillId: 'g2', name_i18n: { en: 'G2' }, costs: costs3('g2'), form: 'amiya2' },
  ],
  modules: [],
}

export const FANG: Operator = {
  ...TEXAS,
  id: '123_fang',
  star: 3,
  name: '芬',
  name_i18n: { zh: '芬', en: 'Fang', ja: 'フェン', ko: '펭' },
  pron: { pinyin: 'fen', pinyinHead: 'f', romaji: 'fen' },
  elite: [{ '30011': 3 }],
  skills: [{ '3301': 2 }, { '3301': 2 }, { '3302': 2 }, { '3302': 2 }, { '3302': 2 }, { '3303': 2 }],
  masteries: [],
  modules: [],
}

export const byId = (...ops: Operator[]) => new Map(ops.map((o) => [o.id, o]))
