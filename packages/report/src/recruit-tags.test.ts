import { describe, expect, it } from 'vitest'
import { type RecruitTagItem, buildRecruitTagLookup, recruitTagErrorMessage, resolveRecruitTags } from './recruit-tags'

const items: RecruitTagItem[] = [
  { itemId: 'tag_guard', itemType: 'RECRUIT_TAG', name_i18n: { zh: '近卫干员', en: 'Guard', ja: '前衛タイプ', ko: '가드' } },
  { itemId: 'tag_healing', itemType: 'RECRUIT_TAG', name_i18n: { zh: '治疗', en: 'Healing', ja: '', ko: undefined } },
  { itemId: 'tag_dup', itemType: 'RECRUIT_TAG', name_i18n: { en: 'Guard' } },
  { itemId: '30012', itemType: 'MATERIAL', name_i18n: { zh: '固源岩', en: 'Orirock Cube' } },
]
const lookup = buildRecruitTagLookup(items)

describe('buildRecruitTagLookup (§7.3)', () => {
  it.each([
    ['近卫干员', 'tag_guard'],
    ['Guard', 'tag_guard'], // first item wins a name conflict
    ['前衛タイプ', 'tag_guard'],
    ['가드', 'tag_guard'],
    ['治疗', 'tag_healing'],
    ['tag_guard', 'tag_guard'],
    ['tag_dup', 'tag_dup'],
  ])('%s → %s', (name, id) => expect(lookup.get(name)).toBe(id))

  it.each(['', 'guard', ' Guard', '固源岩', 'Orirock Cube', '30012'])('%j is not a tag', (name) => expect(lookup.has(name)).toBe(false))

  it('an id beats a name of another tag', () => {
    const l = buildRecruitTagLookup([
      { itemId: 'a', itemType: 'RECRUIT_TAG', name_i18n: { en: 'b' } },
      { itemId: 'b', itemType: 'RECRUIT_TAG', name_i18n: { en: 'B' } },
    ])
    expect(l.get('b')).toBe('b')
  })
})

describe('resolveRecruitTags', () => {
  it('translates names and ids, keeping the other fields', () => {
    expect(
      resolveRecruitTags(
        [
          { dropType: 'NORMAL_DROP', itemId: '近卫干员', quantity: 1 },
          { dropType: 'NORMAL_DROP', itemId: 'Healing', quantity: 1 },
          { dropType: 'NORMAL_DROP', itemId: 'tag_dup', quantity: 1 },
        ],
        lookup,
      ),
    ).toEqual({
      ok: true,
      drops: [
        { dropType: 'NORMAL_DROP', itemId: 'tag_guard', quantity: 1 },
        { dropType: 'NORMAL_DROP', itemId: 'tag_healing', quantity: 1 },
        { dropType: 'NORMAL_DROP', itemId: 'tag_dup', quantity: 1 },
      ],
    })
  })

  it('fails on the first unknown tag', () => {
    expect(resolveRecruitTags([{ itemId: 'Guard' }, { itemId: '狙击' }, { itemId: 'x' }], lookup)).toEqual({
      ok: false,
      reason: 'unknown-recruit-tag',
      tag: '狙击',
    })
    expect(recruitTagErrorMessage('狙击')).toBe("unexpected recruit tag '狙击': not found")
  })

  it('no drops is fine', () => expect(resolveRecruitTags([], lookup)).toEqual({ ok: true, drops: [] }))
})
