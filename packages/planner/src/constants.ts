/** Item id of LMD (龙门币). */
export const LMD_ID = '4001'
/** Item id of one exp point (作战记录). */
export const EXP_ID = '0010'
/** Item id of Pure Gold (赤金). */
export const PURE_GOLD_ID = '3003'

/** The pseudo-demand that `gold_demand: true` / `exp_demand: true` put on LMD / exp. */
export const PSEUDO_DEMAND = 1e9

/** Matrix rows sampled fewer times than this are dropped (`filter_freq`). */
export const MIN_TIMES = 200

/** LMD per run per sanity, the default for every stage. */
export const LMD_PER_AP = 12

/** Default by-product rate of a craft. */
export const DEFAULT_CONVERSION_RATE = 0.18

/** Objective coefficient of a craft per LMD it costs. */
export const CRAFT_COST_PER_LMD = 1e-8

/** Fixed LMD per run, by zh stage code (main and tough twins share codes). */
export const FIXED_LMD: ReadonlyMap<string, number> = new Map([
  ['1-1', 660],
  ['2-7', 1500],
  ['3-6', 2040],
  ...['4-1', 'R8-1', '9-2', 'S5-2', 'S6-4', 'S7-1'].map((code) => [code, 2700] as const),
  ...['6-1', '7-3', 'R8-4', '9-3', 'S5-3', 'S5-5', 'S6-2', 'S7-2'].map((code) => [code, 1216] as const),
  ['10-8', 3480],
  ['S4-6', 3480],
  ['S2-2', 1020],
  ['CE-1', 1700],
  ['CE-2', 2800],
  ['CE-3', 4100],
  ['CE-4', 5700],
  ['CE-5', 7500],
  ['CE-6', 10000],
])

/** Fixed drops per run that replace the matrix for a zh stage code. */
export const FIXED_DROPS: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map([
  [
    'LS-6',
    new Map([
      ['2004', 4],
      ['2003', 2],
    ]),
  ],
])

/** The free synthetic exp columns, in this order: input item → exp points. */
export const EXP_CONVERSIONS: readonly (readonly [string, number])[] = [
  ['2001', 200],
  ['2002', 400],
  ['2003', 1000],
  ['2004', 2000],
  [PURE_GOLD_ID, 400],
]

/** Exp points of the cards counted in the answer's `exp` (2004 is not counted). */
export const COUNTED_EXP_CARDS: readonly (readonly [string, number])[] = [
  ['2001', 200],
  ['2002', 400],
  ['2003', 1000],
]

/** Stage code prefixes hidden from `stages` (supply stages); LS/CE are also taken out of the totals. */
export const HIDDEN_STAGE_CODE = /^(SK|AP|CE|LS|PR)-/
/** Stages whose runs are taken out of `cost`/`gold`/`exp` when run ≥ 0.1 times. */
export const FARM_STAGE_CODE = /^(LS|CE)-/

/** zh names never listed among item values (besides names containing 作战记录 or 技巧概要). */
export const VALUE_SKIPPED_NAMES: ReadonlySet<string> = new Set(['龙门币', '赤金', '碳', '碳素', '碳素组', '经验', '家具'])
export const VALUE_SKIPPED_NAME_PARTS: readonly string[] = ['作战记录', '技巧概要']

/** Server → language of its stage codes (exclusions match codes in it). */
export const SERVER_LANG = { CN: 'zh', US: 'en', JP: 'ja', KR: 'ko' } as const

/** Names of the two rows that are not `/items` items. */
export const EXTRA_ITEM_NAMES: Readonly<Record<string, { zh: string; en: string; ja: string; ko: string }>> = {
  [LMD_ID]: { zh: '龙门币', en: 'LMD', ja: '龍門幣', ko: '용문폐' },
  [EXP_ID]: { zh: '经验', en: 'EXP', ja: '経験値', ko: '경험치' },
}

/** Sanity charged per item a goals plan buys in the store: the stock goes first, and it never weighs against farming. */
export const STORE_COST = 1e-6
