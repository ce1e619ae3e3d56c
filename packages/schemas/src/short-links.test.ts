import { describe, expect, it } from 'vitest'
import { PAGE_ROUTES, pageHref, parsePageAddress } from './pages'
import { resolveShortWord, SHORT_WORD_MAX } from './short-links'

const items = [
  { itemId: '30012', name_i18n: { zh: '固源岩', en: 'Orirock Cube' } },
  { itemId: '30013', name_i18n: { zh: '固源岩组', en: 'Orirock Cluster' } },
]
const stages = [
  { stageId: 'main_01-07', zoneId: 'main_1', code_i18n: { zh: '1-7', en: '1-7' } },
  { stageId: 'main_11-07', zoneId: 'main_11', code_i18n: { zh: '11-7', en: '11-7' } },
  { stageId: 'gacha_1', zoneId: 'gachabox', code_i18n: { zh: '物资箱' } },
]

describe('the short-link rule (server redirects, web share dialog)', () => {
  it('exact names and codes first, then contained ones, then ids, else a search', () => {
    expect(resolveShortWord('固源岩', items, stages)).toBe('/result/item/30012')
    expect(resolveShortWord('  orirock ', items, stages)).toBe('/result/item/30012')
    expect(resolveShortWord('1-7', items, stages)).toBe('/result/stage/main_1/main_01-07')
    expect(resolveShortWord('30013', items, stages)).toBe('/result/item/30013')
    expect(resolveShortWord('gacha_1', items, stages)).toBe('/result/stage/gachabox/gacha_1')
    expect(resolveShortWord('planner', items, stages)).toBe('/planner')
    expect(resolveShortWord('nope', items, stages)).toBe('/search?q=nope')
    expect(resolveShortWord('a&b', items, stages)).toBe('/search?q=a%26b')
  })

  it('leads home for an empty or over-long word', () => {
    expect(resolveShortWord('   ', items, stages)).toBe('/')
    expect(resolveShortWord('x'.repeat(SHORT_WORD_MAX + 1), items, stages)).toBe('/')
  })
})

describe('page addresses', () => {
  it('parses what it builds, segments decoded', () => {
    expect(parsePageAddress(pageHref.item('30012'))).toEqual({ kind: 'item', itemId: '30012' })
    expect(parsePageAddress(pageHref.stage('act 1', 'a/b'))).toEqual({ kind: 'stage', zoneId: 'act 1', stageId: 'a/b' })
    expect(parsePageAddress(`${pageHref.report('main_1', 'main_01-07')}/`)).toEqual({ kind: 'report', zoneId: 'main_1', stageId: 'main_01-07' })
  })

  it('is null for other addresses and bad escapes', () => {
    expect(parsePageAddress('/result/item')).toBeNull()
    expect(parsePageAddress('/result/item/%E0%A4%A')).toBeNull()
    expect(parsePageAddress('/result/stage/main_1')).toBeNull()
    expect(parsePageAddress('/planner')).toBeNull()
  })

  it('routes use the same segments as the addresses', () => {
    expect(PAGE_ROUTES.stage.replace(':zoneId', 'z').replace(':stageId', 's')).toBe(pageHref.stage('z', 's'))
    expect(PAGE_ROUTES.item.replace(':itemId', 'i')).toBe(pageHref.item('i'))
    expect(PAGE_ROUTES.report.replace(':zoneId', 'z').replace(':stageId', 's')).toBe(pageHref.report('z', 's'))
  })
})
