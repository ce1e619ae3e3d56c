import type { Item, Stage } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { expandPronunciation, FUSE_OPTIONS, ITEM_KEYS, itemDocuments, listFor, STAGE_KEYS, stageDocuments } from './search-documents'
import { createSearchEngine } from './search-engine'

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

describe('search documents', () => {
  it('uses the spec keys and options', () => {
    expect(STAGE_KEYS).toEqual(['stageId', 'code', 'alias', 'pron'])
    expect(ITEM_KEYS).toEqual(['itemId', 'name', 'alias', 'pron'])
    expect(FUSE_OPTIONS).toEqual({ includeScore: true, ignoreLocation: true, useExtendedSearch: true, threshold: 0.45 })
  })

  it('takes the alias list of the language, else English, else none', () => {
    expect(listFor({ zh: ['a'], en: ['b'] }, 'zh')).toEqual(['a'])
    expect(listFor({ zh: ['a'], en: ['b'] }, 'ko')).toEqual(['b'])
    expect(listFor({ zh: ['a'] }, 'ko')).toEqual([])
    expect(listFor(null, 'zh')).toEqual([])
  })

  it('indexes searchable item types that exist on the server, with the localized name and expanded pronunciations', () => {
    const items = [
      item('30012', '固源岩', { alias: { zh: ['石头'] }, pron: { zh: ['gu`yuan`yan', 'shi`tou'] } }),
      item('tag', '高级资深干员', { itemType: 'RECRUIT_TAG' }),
      item('furni', '家具', { itemType: 'FURN' }),
    ]
    const docs = itemDocuments(items, 'zh-x-seaborn', 'CN')
    expect(docs.map((d) => d.itemId)).toEqual(['30012', 'furni'])
    expect(docs[0]).toEqual({ itemId: '30012', name: '固源岩', alias: ['石头'], pron: ['gu yuan yan', 'guyuanyan', 'gyy', 'shi tou', 'shitou', 'st'] })
    expect(itemDocuments(items, 'en', 'CN')[0]?.name).toBe('固源岩-en')
    expect(itemDocuments(items, 'en', 'JP')).toEqual([])
  })

  it('indexes stages with their localized code', () => {
    const docs = stageDocuments([stage('main_01-07', '1-7', { code_i18n: { zh: '1-7', en: '1-7', ja: '1-7', ko: '1-7k' } })], 'ko', 'CN')
    expect(docs).toEqual([{ stageId: 'main_01-07', zoneId: 'main_1', code: '1-7k', alias: [], pron: [] }])
  })
})

describe('search engine', () => {
  const stages = stageDocuments([stage('main_01-07', '1-7'), stage('main_04-07', '4-7'), stage('sub_02-01', 'S2-1')], 'zh', 'CN')
  const items = itemDocuments(
    [
      item('30012', '固源岩', { alias: { zh: ['石头'] }, pron: { zh: ['gu`yuan`yan'] } }),
      item('30013', '固源岩组', { pron: { zh: ['gu`yuan`yan`zu'] } }),
      item('2001', '基础作战记录', { pron: { zh: ['ji`chu`zuo`zhan`ji`lu'] } }),
    ],
    'zh',
    'CN',
  )
  const engine = createSearchEngine(stages, items)

  it('returns nothing for an empty query', () => {
    expect(engine.search('')).toEqual([])
    expect(engine.search('   ')).toEqual([])
  })

  it('finds a stage by its code, best match first', () => {
    const r = engine.search('1-7')
    expect(r[0]).toMatchObject({ type: 'stages', stageId: 'main_01-07', zoneId: 'main_1' })
  })

  it('finds items by name, alias, spaced or joined pinyin and initials', () => {
    for (const q of ['固源岩', '石头', 'gu yuan yan', 'guyuanyan', 'gyy']) expect(engine.search(q)[0], q).toMatchObject({ type: 'items', itemId: '30012' })
    expect(engine.search('jczzjl')[0]).toMatchObject({ itemId: '2001' })
  })

  it('supports extended search operators', () => {
    // `=` is an exact match in Fuse's extended search: only the item called exactly so.
    expect(engine.search('=固源岩组').map((r) => ('itemId' in r ? r.itemId : r.type))).toEqual(['30013'])
  })

  it('merges both kinds sorted by ascending score', () => {
    const r = engine.search('7')
    expect(r.length).toBeGreaterThan(1)
    for (let i = 1; i < r.length; i++) expect(r[i]!.score).toBeGreaterThanOrEqual(r[i - 1]!.score)
  })
})
