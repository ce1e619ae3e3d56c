import { describe, expect, it } from 'vitest'
import { pickShortWord, shortUrl, shortWordCandidates } from './short-link'

const items = [
  { itemId: '30012', name_i18n: { zh: '固源岩', en: 'Orirock Cube' } },
  { itemId: '30013', name_i18n: { zh: '固源岩组', en: 'Orirock Cluster' } },
]
const stages = [
  { stageId: 'main_01-07', zoneId: 'main_1', code: '1-7', code_i18n: { zh: '1-7', en: '1-7' } },
  { stageId: 'main_11-07', zoneId: 'main_11', code: '11-7', code_i18n: { zh: '11-7', en: '11-7' } },
  { stageId: 'gacha_1', zoneId: 'gachabox', code: '物资箱', code_i18n: { zh: '物资箱' } },
]

describe('short links', () => {
  it('prefers the stage code, falls back to the id for non-ASCII codes', () => {
    expect(shortWordCandidates('/result/stage/main_1/main_01-07', stages)).toEqual(['1-7', 'main_01-07'])
    expect(pickShortWord('/result/stage/main_1/main_01-07', items, stages)).toBe('1-7')
    expect(pickShortWord('/result/stage/gachabox/gacha_1', items, stages)).toBe('gacha_1')
    expect(pickShortWord('/result/item/30013', items, stages)).toBe('30013')
    expect(pickShortWord('/result/item/%E5%9B%BA', items, stages)).toBeNull()
    expect(pickShortWord('/planner', items, stages)).toBe('planner')
    expect(pickShortWord('/about/links', items, stages)).toBeNull()
  })

  it('builds the URL under the API base', () => {
    expect(shortUrl('/PenguinStats/api/v2', 'https://x.test', '1-7')).toBe('https://x.test/PenguinStats/api/v2/short/1-7')
    expect(shortUrl('/api/v2/', 'https://x.test', '')).toBe('https://x.test/api/v2/short')
  })
})
