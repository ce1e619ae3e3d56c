import { describe, expect, it } from 'vitest'
import { fillNames, hasHan, isMissingName } from './names'
import type { ReferenceRaw } from './raw'
import { chapterCode, fillZoneNames, toolboxText, toolboxZoneNames } from './zone-names'

const copy = (zh: string) => ({ zh, en: zh, ja: zh, ko: zh })

describe('isMissingName', () => {
  it.each([
    [copy('熔炉“还魂”记'), 'en', true],
    [copy('熔炉“还魂”记'), 'ja', true],
    // Japanese writes kanji: a ja name equal to the Chinese one is Japanese when the record is translated elsewhere.
    [{ zh: '序章', en: 'Prologue', ja: '序章', ko: '프롤로그' }, 'ja', false],
    [{ zh: '序章', en: 'Prologue', ja: '序章', ko: '프롤로그' }, 'en', false],
    [copy('1-7'), 'en', false],
    [{ zh: '固源岩', en: 'Orirock Cube', ja: '固源岩', ko: '固源岩' }, 'ko', true],
  ] as const)('%j in %s is missing: %s', (names, lang, want) => expect(isMissingName(names, lang)).toBe(want))
  it('tells Han ideographs from kana and hangul', () => {
    expect(hasHan('溶炉「還魂」譚')).toBe(true)
    expect(hasHan('テラめし')).toBe(false)
    expect(hasHan('카즈델리안 레스큐')).toBe(false)
  })
})

describe('fillNames', () => {
  it('fills each missing language from the first candidate with a readable name and says where it came from', () => {
    const got = fillNames(copy('破碎的骨片'), [
      { source: 'game-table', names: { en: 'Bone Fragments', ja: undefined, ko: '破碎的骨片' } },
      { source: 'toolbox', names: { ja: '欠けた骨', ko: '부서진 뼛조각' } },
    ])
    expect(got).toEqual({
      names: { zh: '破碎的骨片', en: 'Bone Fragments', ja: '欠けた骨', ko: '부서진 뼛조각' },
      from: { en: 'game-table', ja: 'toolbox', ko: 'toolbox' },
    })
  })
  it('keeps the Chinese name where nothing names it, marked zh, and leaves present names alone', () => {
    expect(fillNames(copy('液化高能气体'), [{ source: 'game-table', names: {} }])).toEqual({ names: copy('液化高能气体'), from: { en: 'zh', ja: 'zh', ko: 'zh' } })
    const named = { zh: '固源岩', en: 'Orirock Cube', ja: '固源岩', ko: '고원암' }
    expect(fillNames(named, [{ source: 'toolbox', names: { en: 'Other', ja: 'Other', ko: 'Other' } }])).toEqual({ names: named, from: {} })
  })
})

const raw = {
  history: { zoneToActivity: { act17mini_zone1: ['act17mini'] } },
  toolboxZoneNames: {
    cn: { act17mini: '熔炉“还魂”记', act4mainss_zone1: 'EP17 相变临界', permanent_sub_5_Lone_Trail: '孤星@:(retroNameAppend.1)' },
    us: { act17mini: 'A Kazdelian Rescue', permanent_sub_5_Lone_Trail: 'Lone Trail@:(retroNameAppend.1)' },
    jp: { act17mini: '溶炉「還魂」譚', permanent_sub_5_Lone_Trail: '孤星@:(retroNameAppend.1)' },
    kr: { act17mini: '카즈델리안 레스큐', permanent_sub_5_Lone_Trail: '론 트레일@:(retroNameAppend.7)' },
  },
} as unknown as ReferenceRaw

describe('zone names from the toolbox locales', () => {
  it('names an event zone by its activity', () => {
    expect(fillZoneNames(raw, { zoneId: 'act17mini_zone1', type: 'ACTIVITY', zoneName_i18n: copy('熔炉“还魂”记') })).toEqual({
      names: { zh: '熔炉“还魂”记', en: 'A Kazdelian Rescue', ja: '溶炉「還魂」譚', ko: '카즈델리안 레스큐' },
      from: { en: 'toolbox', ja: 'toolbox', ko: 'toolbox' },
    })
  })
  it("names a permanent zone by its retro id with Penguin's suffix; an unknown suffix names nothing", () => {
    expect(toolboxZoneNames(raw, 'permanent_sub_5_zone1')).toEqual({ en: 'Lone Trail - Intermezzi', ja: '孤星・エピソード', ko: undefined })
    expect(toolboxText('骑兵与猎人@:(retroNameAppend.0)', 'zh')).toBe('骑兵与猎人・别传')
    expect(toolboxText('Plain', 'en')).toBe('Plain')
  })
  it('gives a main chapter no source names its code, and nothing to a zone that is not a main chapter', () => {
    expect(chapterCode('EP17 相变临界')).toBe('EP17')
    expect(chapterCode('第一章')).toBeUndefined()
    expect(fillZoneNames(raw, { zoneId: 'main_17', type: 'MAINLINE', zoneName_i18n: copy('EP17 相变临界') }, 'act4mainss_zone1')).toEqual({
      names: { zh: 'EP17 相变临界', en: 'EP17', ja: 'EP17', ko: 'EP17' },
      from: { en: 'chapter-code', ja: 'chapter-code', ko: 'chapter-code' },
    })
    expect(fillZoneNames(raw, { zoneId: 'act99side_zone1', type: 'ACTIVITY', zoneName_i18n: copy('EP99 某某') }).from).toEqual({ en: 'zh', ja: 'zh', ko: 'zh' })
  })
})
