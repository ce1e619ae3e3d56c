import { baseOf, isLocale } from './i18n'

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * A UTC date as `Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })` writes it in zh, en,
 * ja and ko (and their themed variants), without ICU: the first `Intl.DateTimeFormat` of a page costs
 * 40-45 ms of main thread in Chromium (ICU loads its calendar data), and the basis note of the stats
 * pages, their largest paint, wrote one in its first render. Other languages go to Intl.
 */
export const formatLongDate = (ms: number, lang: string): string => {
  const d = new Date(ms)
  const y = d.getUTCFullYear()
  const m = d.getUTCMonth()
  const day = d.getUTCDate()
  if (Number.isNaN(y) || y < 1000 || y > 9999 || !isLocale(lang)) return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(ms)
  switch (baseOf(lang)) {
    case 'zh':
    case 'ja':
      return `${y}年${m + 1}月${day}日`
    case 'ko':
      return `${y}년 ${m + 1}월 ${day}일`
    default:
      return `${MONTHS_EN[m]} ${day}, ${y}`
  }
}
