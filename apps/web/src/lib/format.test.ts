import { describe, expect, it } from 'vitest'
import { formatNumber, formatPercent, formatRelative, numberFormat } from './format'

describe('number formats', () => {
  it('formats in the UI language, Chinese as zh-CN, an unknown language as English', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567')
    expect(formatNumber(1234567, 'zh')).toBe(new Intl.NumberFormat('zh-CN').format(1234567))
    expect(formatNumber(1234.5, 'ja', 2)).toBe('1,234.50')
    expect(formatNumber(1234.5, 'xx')).toBe('1,234.5')
    expect(formatPercent(0.12345, 'en')).toBe('12.35%')
    expect(formatPercent(0.5, 'ko', 0)).toBe('50%')
  })

  it('makes one Intl.NumberFormat per language and options and reuses it', () => {
    const a = numberFormat('en', { maximumFractionDigits: 2 })
    expect(numberFormat('en', { maximumFractionDigits: 2 })).toBe(a)
    expect(numberFormat('en', { maximumFractionDigits: 1 })).not.toBe(a)
    expect(numberFormat('ja', { maximumFractionDigits: 2 })).not.toBe(a)
    // A themed variant of a language formats as the language.
    expect(numberFormat('zh-x-seaborn')).toBe(numberFormat('zh'))
    // The shared instance gives what a fresh one gives.
    expect(a.format(3.14159)).toBe(new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(3.14159))
  })

  it('says how long ago in the UI language, with the shared relative format', () => {
    const now = Date.UTC(2026, 10, 26, 12)
    expect(formatRelative(now - 86_400_000, 'en', now)).toBe('yesterday')
    expect(formatRelative(now - 3 * 3_600_000, 'en', now)).toBe('3 hours ago')
    expect(formatRelative(now - 3 * 3_600_000, 'ja', now)).toBe('3 時間前')
    expect(formatRelative(now + 30_000, 'en', now)).toBe('in 30 seconds')
  })
})
