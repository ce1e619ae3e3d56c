import { describe, expect, it } from 'vitest'
import { nameFallback } from './name-fallback'

// Names as the seed has them (data/seed/items.json, zones.json).
const cnOnly = { zh: '液化高能气体', en: '液化高能气体', ja: '液化高能气体', ko: '液化高能气体' }
const named = { zh: '源岩', en: 'Orirock', ja: '源岩', ko: '원암' }
const jaLikeZh = { zh: '春分', en: 'Vernal Equinox', ja: '春分', ko: '춘분' }

describe('nameFallback', () => {
  it('tells a name kept in Chinese for want of one in the page language', () => {
    for (const locale of ['en', 'ja', 'ko', 'en-x-seaborn']) expect(nameFallback(cnOnly, locale)).toBe('zh')
  })
  it('is null in the Chinese page, and for names the game has in the language', () => {
    expect(nameFallback(cnOnly, 'zh')).toBeNull()
    for (const locale of ['en', 'ja', 'ko']) expect(nameFallback(named, locale)).toBeNull()
  })
  it('takes a Japanese name written like the Chinese one for Japanese when English differs', () => {
    expect(nameFallback(jaLikeZh, 'ja')).toBeNull()
    expect(nameFallback({ zh: '元素', en: 'Elemental', ja: '元素' }, 'ja')).toBeNull()
  })
  it('is null without a Chinese name with Han characters', () => {
    expect(nameFallback(undefined, 'en')).toBeNull()
    expect(nameFallback({ zh: 'LMD', en: 'LMD' }, 'en')).toBeNull()
  })
  it('counts a missing name in the page language that falls back to a Chinese English', () => {
    expect(nameFallback({ zh: '电极单元', en: '电极单元' }, 'ko')).toBe('zh')
  })
})
