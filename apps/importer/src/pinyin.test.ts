import type { SeedStage, SeedZone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { buildPron, pinyinPron } from './pinyin'

describe('pinyinPron', () => {
  it.each([
    ['骑兵与猎人', 'qi`bing`yu`lie`ren'],
    // Punctuation between the parts of a name is dropped.
    ['将进酒・复刻', 'jiang`jin`jiu`fu`ke'],
    ['理想城：长夏狂欢季', 'li`xiang`cheng`chang`xia`kuang`huan`ji'],
    ['第十章 (磨难)', 'di`shi`zhang`mo`nan'],
    // ü is written v, as players type it.
    ['绿野幻梦', 'lv`ye`huan`meng'],
    // Polyphones read in context: 还魂 huan, 补给 ji, 长夏 chang.
    ['熔炉“还魂”记', 'rong`lu`huan`hun`ji'],
    ['罗德岛物资补给IX', 'luo`de`dao`wu`zi`bu`ji`ix'],
    // Runs of Latin letters or digits stay one lower-case syllable.
    ['EP15 离解复合', 'ep15`li`jie`fu`he'],
    ['32h战略配给', '32h`zhan`lve`pei`ji'],
  ])('%s → %s', (name, want) => expect(pinyinPron(name)).toBe(want))

  it.each(['GT-5', '1-7', 'Rhodes Island Supplies', ''])('is null for %j, which has no Chinese character', (name) => expect(pinyinPron(name)).toBeNull())
})

const zone = (zoneId: string, zh: string) => ({ zoneId, zoneName_i18n: { zh, en: zoneId, ja: zh, ko: zoneId } }) as SeedZone
const stage = (stageId: string, zh: string) => ({ stageId, code_i18n: { zh, en: zh, ja: zh, ko: zh } }) as SeedStage

describe('buildPron', () => {
  it('keys the pinyin by Chinese zone name and Chinese stage code, once per name, in name order', () => {
    const pron = buildPron(
      [zone('act9d0_zone1', '将进酒'), zone('1stact_zone1', '骑兵与猎人'), zone('act9d0_rep', '将进酒')],
      [stage('a001_01', 'GT-1'), stage('randomMaterial_1', '罗德岛物资补给')],
    )
    expect(pron).toEqual({
      zh: { 将进酒: ['jiang`jin`jiu'], 罗德岛物资补给: ['luo`de`dao`wu`zi`bu`ji'], 骑兵与猎人: ['qi`bing`yu`lie`ren'] },
    })
    expect(Object.keys(pron.zh)).toEqual(['将进酒', '罗德岛物资补给', '骑兵与猎人'].sort())
  })
})
