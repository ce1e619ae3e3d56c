import { describe, expect, it } from 'vitest'
import { ALL_LOCALES } from './i18n'
import { formatLongDate } from './long-date'

const intl = (ms: number, lang: string) => new Intl.DateTimeFormat(lang.split('-')[0], { dateStyle: 'long', timeZone: 'UTC' }).format(ms)

describe('formatLongDate', () => {
  it('writes what Intl writes in every app language, day by day over four years (leap day included)', () => {
    const start = Date.UTC(2023, 0, 1, 23, 59)
    let compared = 0
    for (const lang of ALL_LOCALES)
      for (let day = 0; day < 4 * 366; day++) {
        const ms = start + day * 86_400_000
        expect(formatLongDate(ms, lang), `${lang} ${new Date(ms).toISOString()}`).toBe(intl(ms, lang))
        compared++
      }
    expect(compared).toBe(ALL_LOCALES.length * 4 * 366)
  })

  it('reads the date in UTC, not in the local time zone', () => {
    expect(formatLongDate(Date.UTC(2025, 10, 22, 0, 0), 'en')).toBe('November 22, 2025')
    expect(formatLongDate(Date.UTC(2025, 10, 22, 23, 59), 'ko')).toBe('2025년 11월 22일')
  })

  it('leaves other languages and odd dates to Intl', () => {
    expect(formatLongDate(Date.UTC(2025, 0, 2), 'fr')).toBe(new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2025, 0, 2)))
    expect(() => formatLongDate(Number.NaN, 'en')).toThrow(RangeError)
  })
})
