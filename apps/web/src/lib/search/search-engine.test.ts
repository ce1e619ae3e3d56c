import type { Item, Stage, Zone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { allLists, allNames, expandPronunciation, FUSE_OPTIONS, hangulInitials, ITEM_KEYS, itemDocuments, STAGE_KEYS, stageDocuments } from './search-documents'
import { createSearchEngine } from './search-engine'
import { fewestTypos, matchTier, typoBudget, typosWithin } from './search-rank'

const existence = { CN: { exist: true }, US: { exist: true }, JP: { exist: false }, KR: { exist: true } }
const item = (itemId: string, name: string, over: Partial<Item> = {}): Item => ({
  itemId,
  name,
  name_i18n: { zh: name, en: `${name}-en`, ja: `${name}-ja`, ko: `${name}-ko` },
  existence,
  itemType: 'MATERIAL',
  sortId: 1,
  rarity: 1,
  groupID: null,
  alias: null,
  pron: null,
  ...over,
})
const stage = (stageId: string, code: string, over: Partial<Stage> = {}): Stage => ({
  stageId,
  zoneId: 'main_1',
  stageType: 'MAIN',
  code,
  code_i18n: { zh: code, en: code, ja: code, ko: code },
  apCost: 6,
  existence,
  minClearTime: null,
  ...over,
})
const zone = (zoneId: string, names: Zone['zoneName_i18n']) => ({ zoneId, zoneName: names.zh, zoneName_i18n: names })
const ZONES = [zone('main_1', { zh: '第一章', en: 'Episode 1', ja: '第一章', ko: '에피소드 1' })]

describe('expandPronunciation', () => {
  it.each([
    ['gu`yuan`yan', ['gu yuan yan', 'guyuanyan', 'gyy']],
    ['chuukyuu`gengan', ['chuukyuu gengan', 'chuukyuugengan', 'cg']],
    ['tu`kuai', ['tu kuai', 'tukuai', 'tk']],
    // One syllable: spaced and joined are the same word, the initial differs.
    ['shi', ['shi', 's']],
    ['', []],
    ['``', []],
  ])('%s → %j', (entry, want) => expect(expandPronunciation(entry)).toEqual(want))
})

describe('hangulInitials', () => {
  it.each([
    ['원암 큐브', 'ㅇㅇㅋㅂ'],
    ['기초작전기록', 'ㄱㅊㅈㅈㄱㄹ'],
    ['D32강', 'D32ㄱ'],
    ['Orirock', null],
    ['固源岩', null],
  ])('%s → %s', (text, want) => expect(hangulInitials(text)).toBe(want))
})

describe('search documents', () => {
  it('uses the spec keys (names and codes weighing most) and options', () => {
    expect(STAGE_KEYS.map((k) => k.name)).toEqual(['stageId', 'code', 'alias', 'pron', 'zone'])
    expect(ITEM_KEYS.map((k) => k.name)).toEqual(['itemId', 'name', 'alias', 'pron'])
    expect(FUSE_OPTIONS).toEqual({ includeScore: true, ignoreLocation: true, useExtendedSearch: true, threshold: 0.45 })
  })

  it('takes the lists and names of every language, the visitor’s first, without repeats', () => {
    expect(allLists({ zh: ['a', 'c'], en: ['b', 'a'] }, 'en')).toEqual(['b', 'a', 'c'])
    expect(allLists({ zh: ['a'] }, 'ko')).toEqual(['a'])
    expect(allLists(null, 'zh')).toEqual([])
    expect(allNames({ zh: '固源岩', en: 'Orirock Cube', ja: '初級源岩', ko: '원암 큐브' }, '固源岩', 'ja')).toEqual(['初級源岩', '固源岩', 'Orirock Cube', '원암 큐브'])
    expect(allNames({ zh: '1-7', en: '1-7', ja: '1-7', ko: '1-7' }, '1-7', 'en')).toEqual(['1-7'])
  })

  it('indexes searchable item types that exist on the server, with all names, aliases and expanded pronunciations', () => {
    const items = [
      item('30012', '固源岩', { alias: { zh: ['石头'], ja: ['しょきゅうげんがん'] }, pron: { zh: ['gu`yuan`yan', 'shi`tou'], ja: ['shokyuu`gengan'] } }),
      item('tag', '高级资深干员', { itemType: 'RECRUIT_TAG' }),
      item('furni', '家具', { itemType: 'FURN' }),
    ]
    const docs = itemDocuments(items, 'en', 'CN')
    expect(docs.map((d) => d.itemId)).toEqual(['30012', 'furni'])
    expect(docs[0]).toEqual({
      itemId: '30012',
      name: ['固源岩-en', '固源岩', '固源岩-ja', '固源岩-ko'],
      alias: ['石头', 'しょきゅうげんがん'],
      pron: ['gu yuan yan', 'guyuanyan', 'gyy', 'shi tou', 'shitou', 'st', 'shokyuu gengan', 'shokyuugengan', 'sg'],
    })
    expect(itemDocuments(items, 'zh-x-seaborn', 'CN')[0]?.name[0]).toBe('固源岩')
    expect(itemDocuments(items, 'en', 'JP')).toEqual([])
  })

  it('indexes stages with their codes of every language and their zone’s names', () => {
    const docs = stageDocuments([stage('main_01-07', '1-7', { code_i18n: { zh: '1-7', en: '1-7', ja: '1-7', ko: '1-7k' } })], ZONES, 'ko', 'CN')
    expect(docs).toEqual([
      {
        stageId: 'main_01-07',
        zoneId: 'main_1',
        code: ['1-7k', '1-7'],
        zone: ['에피소드 1', '第一章', 'Episode 1', 'ㅇㅍㅅㄷ1', 'di yi zhang', 'diyizhang', 'dyz'],
        alias: [],
        pron: [],
      },
    ])
  })
})

describe('match tiers', () => {
  const fields = { primary: ['GT-5', 'ＧＴ－５'], secondary: ['a001_05', 'gyy'], context: ['The Knight & The Hunters', 'Darknights Memoir'] }
  it.each([
    ['gt-5', 0],
    [' GT-5 ', 0],
    ['A001_05', 1],
    ['gyy', 1],
    ['GT', 2],
    ['knight', 3],
    ['05', 3],
    ['hunt', 3],
    ['001', 4],
    ['nights', 4],
    ['gt5', 5],
    ['', 5],
  ])('%j → %i', (q, want) => expect(matchTier(fields, q)).toBe(want))
})

describe('typing mistakes', () => {
  it.each([
    ['orirock', 'orirock cube', 0],
    ['orirok', 'orirock cube', 1],
    ['kinght', 'the knight & the hunters', 1],
    ['guard chp', 'vanguard chip', 1],
    ['xyzzy', 'orirock cube', 5],
    ['abc', '', 3],
    ['', 'anything', 0],
  ])('%j within %j: %i', (q, text, want) => expect(typosWithin(q, text)).toBe(want))

  it.each([
    ['1-7', 0],
    ['gt-5', 0],
    ['S4-1', 0],
    ['abc', 0],
    ['xyzzy', 1],
    ['kinght', 1],
    ['ＯＲＩＲＯＫ', 1],
    ['guard chp', 2],
  ])('the budget of %j is %i', (q, want) => expect(typoBudget(q)).toBe(want))

  it('counts the fewest mistakes over every text of a document', () => {
    expect(fewestTypos({ primary: ['GT-5'], secondary: ['a001_05'], context: ['The Knight & The Hunters'] }, 'Kinght')).toBe(1)
  })
})

describe('search engine', () => {
  const zones = [...ZONES, zone('act_1', { zh: '骑兵与猎人', en: 'The Knight & The Hunters', ja: '騎兵と狩人', ko: '기병과 사냥꾼' })]
  const stages = stageDocuments(
    [
      stage('main_01-07', '1-7'),
      stage('main_04-07', '4-7'),
      stage('sub_02-01', 'S2-1'),
      stage('a001_05', 'GT-5', { zoneId: 'act_1' }),
      stage('a001_04', 'GT-4', { zoneId: 'act_1' }),
    ],
    zones,
    'en',
    'CN',
  )
  const items = itemDocuments(
    [
      item('30013', '固源岩组', { alias: { zh: ['石头'] }, pron: { zh: ['gu`yuan`yan`zu'] } }),
      item('30012', '固源岩', { alias: { zh: ['石头'] }, pron: { zh: ['gu`yuan`yan'] } }),
      item('2001', '基础作战记录', { pron: { zh: ['ji`chu`zuo`zhan`ji`lu'] } }),
    ],
    'en',
    'CN',
  )
  const engine = createSearchEngine(stages, items)
  const ids = (q: string) => engine.search(q).map((r) => r.stageId ?? r.itemId)

  it('returns nothing for an empty query', () => {
    expect(engine.search('')).toEqual([])
    expect(engine.search('   ')).toEqual([])
  })

  it('finds a stage by its code, the exact code first', () => {
    expect(engine.search('1-7')[0]).toMatchObject({ type: 'stages', stageId: 'main_01-07', zoneId: 'main_1' })
    expect(ids('gt-5')[0]).toBe('a001_05')
  })

  it('finds the stages of a zone by the zone’s name in any language', () => {
    for (const q of ['骑兵与猎人', 'Knight', '騎兵と狩人', '기병과 사냥꾼', 'ㄱㅂㄱㅅㄴㄲ']) expect(ids(q).slice(0, 2).sort(), q).toEqual(['a001_04', 'a001_05'])
  })

  it('finds items in the English UI by the Chinese name, alias, spaced or joined pinyin and initials, exact match first', () => {
    for (const q of ['固源岩', 'gu yuan yan', 'guyuanyan', 'gyy']) expect(ids(q)[0], q).toBe('30012')
    expect(ids('固源岩组')[0]).toBe('30013')
    expect(ids('石头').slice(0, 2).sort()).toEqual(['30012', '30013'])
    expect(ids('jczzjl')[0]).toBe('2001')
  })

  it('finds items by their Japanese and Korean names and Korean initials', () => {
    const docs = itemDocuments(
      [item('30012', '固源岩', { name_i18n: { zh: '固源岩', en: 'Orirock Cube', ja: '初級源岩', ko: '원암 큐브' } }), item('2001', '基础作战记录')],
      'en',
      'CN',
    )
    const local = createSearchEngine([], docs)
    for (const q of ['初級源岩', '원암 큐브', '원암', 'ㅇㅇㅋㅂ', 'orirock cube']) expect(local.search(q)[0]?.itemId, q).toBe('30012')
  })

  it('supports extended search operators', () => {
    // `=` is an exact match in Fuse's extended search: only the item called exactly so.
    expect(ids('=固源岩组')).toEqual(['30013'])
  })

  it('shows only relevant results: nothing for "xyzzy", exact codes without their one-mistake neighbours', () => {
    expect(engine.search('xyzzy')).toEqual([])
    expect(ids('1-7')).toEqual(['main_01-07'])
    expect(ids('GT-5')).toEqual(['a001_05'])
  })

  it('keeps a fuzzy match within the typo budget, after the literal ones', () => {
    expect(ids('kinght').sort()).toEqual(['a001_04', 'a001_05'])
    expect(ids('gu yuan yna')).toContain('30012')
  })

  it('merges both kinds, ordered by tier', () => {
    // "1": a code that starts with it (tier 2) before ids that contain it (tier 3), stages and items alike.
    const r = engine.search('1')
    expect(new Set(r.map((x) => x.type))).toEqual(new Set(['stages', 'items']))
    expect(r[0]).toMatchObject({ stageId: 'main_01-07' })
  })
})
