// @vitest-environment node
/**
 * The search over the real seed (data/seed: what the server serves), in each UI language: the names,
 * aliases and pronunciations players type find the right item or stage first (issue 17 point 3).
 */
import { readFileSync } from 'node:fs'
import type { Item, Stage, Zone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { itemDocuments, stageDocuments } from './search-documents'
import { createSearchEngine } from './search-engine'

const seed = <T>(file: string) => JSON.parse(readFileSync(new URL(`../../../../../data/seed/${file}`, import.meta.url), 'utf8')) as T
// The seed omits the fields the API derives (the Chinese `name`/`code`/`zoneName`, a zone's stages).
const items = seed<Omit<Item, 'name'>[]>('items.json').map((i) => ({ ...i, name: i.name_i18n.zh }) as Item)
const stages = seed<Omit<Stage, 'code'>[]>('stages.json').map((s) => ({ ...s, code: s.code_i18n.zh }) as Stage)
const zones = seed<Omit<Zone, 'zoneName' | 'stages'>[]>('zones.json').map((z) => ({ ...z, zoneName: z.zoneName_i18n.zh }))
const zoneOf = new Map(stages.map((s) => [s.stageId, s.zoneId]))

const engines = new Map(['zh', 'en', 'ja', 'ko'].map((l) => [l, createSearchEngine(stageDocuments(stages, zones, l, 'CN'), itemDocuments(items, l, 'CN'))]))
const top = (lang: string, q: string, n = 1) =>
  engines
    .get(lang)!
    .search(q)
    .slice(0, n)
    .map((r) => r.stageId ?? r.itemId)

describe.each(['zh', 'en', 'ja', 'ko'])('search over the seed in the %s UI', (lang) => {
  it.each([
    ['固源岩', '30012'],
    ['gyy', '30012'],
    ['guyuanyan', '30012'],
    ['Orirock Cube', '30012'],
    ['初級源岩', '30012'],
    ['shokyuugengan', '30012'],
    ['원암 큐브', '30012'],
    ['ㅇㅇㅋㅂ', '30012'],
    ['Orirock', '30011'],
    ['固源岩组', '30013'],
    ['jczzjl', '2001'],
    ['Drill Battle Record', '2001'],
    ['1-7', 'main_01-07'],
    ['S4-1', 'sub_04-1-1'],
    // Fuzzy scores alone would put Vanguard Chip, 가드 칩셋's sibling and Supplies IV first: the exact name wins.
    ['Guard Chip', '3221'],
    ['가드 칩', '3221'],
    ['메딕 칩', '3261'],
    ['Rhodes Island Supplies V', 'randomMaterial_8'],
  ])('%s → %s first', (q, want) => expect(top(lang, q)).toEqual([want]))

  // Issue 38: "xyzzy" found 14 unrelated items and "1-7" 275 results (every stage one mistake away).
  it('finds nothing for "xyzzy", and only 1-7 and the two 11-7 for "1-7"', () => {
    expect(engines.get(lang)!.search('xyzzy')).toEqual([])
    expect(top(lang, '1-7', 10)).toEqual(['main_01-07', 'main_11-06', 'tough_11-06'])
    expect(top(lang, 'GT-5', 10).sort()).toEqual(['a001_05', 'a001_05_perm', 'a001_05_rep'])
  })

  it('still forgives a typing mistake in a name: "kinght", "orirok"', () => {
    expect(top(lang, 'kinght', 60).map((id) => zoneOf.get(id!))).toContain('1stact_zone1')
    expect(top(lang, 'orirok', 10)).toContain('30012')
  })

  it('puts the three GT-5 stages first for "GT-5", and the zone’s stages first for its name in any language', () => {
    expect(new Set(top(lang, 'GT-5', 3))).toEqual(new Set(['a001_05', 'a001_05_perm', 'a001_05_rep']))
    for (const q of ['骑兵与猎人', 'The Knight & The Hunters', '騎兵と狩人', '기병과 사냥꾼'])
      expect(
        top(lang, q, 3).map((id) => zoneOf.get(id!)),
        q,
      ).toEqual(['1stact_zone1', '1stact_zone1', '1stact_zone1'])
    // A word that starts with the query before one that only contains it (Darknights Memoir).
    expect(['1stact_zone1', 'act13d2_zone1', 'permanent_sidestory_1_zone1']).toContain(zoneOf.get(top(lang, 'knight')[0]!))
  })

  // The importer's pinyin of the Chinese zone names (data/seed/pron.json): full, spaced, and initials.
  it.each([
    ['wusasidehaizimen', 'act10d5_zone1'],
    ['wu sa si de hai zi men', 'act10d5_zone1'],
    ['wssdhzm', 'act10d5_zone1'],
    ['jiemuzhemen', 'act38side_zone1'],
    ['jmzm', 'act38side_zone1'],
  ])('finds the stages of a zone by the pinyin of its Chinese name: %s → %s', (q, zoneId) =>
    expect(top(lang, q, 3).map((id) => zoneOf.get(id!))).toEqual([zoneId, zoneId, zoneId]),
  )

  it('finds 将进酒 and its rerun and side story by full pinyin and by initials', () => {
    const wine = ['act15side_zone1', 'act15sre_zone1', 'permanent_sidestory_12_zone1']
    for (const q of ['jiangjinjiu', 'jjj']) for (const id of top(lang, q, 5)) expect(wine, q).toContain(zoneOf.get(id!))
  })

  // The supply item of the same id has its own pronunciation: the stage must be found as a stage.
  it.each(['luodedaowuzibuji', 'lddwzbj', 'zhanlvepeiji'])('finds a stage whose code is Chinese by its pinyin: %s', (q) => {
    const firstStage = engines
      .get(lang)!
      .search(q)
      .find((r) => r.type === 'stages')?.stageId
    expect(firstStage).toBe(q === 'zhanlvepeiji' ? 'randomMaterial_3' : 'randomMaterial_1')
  })
})
