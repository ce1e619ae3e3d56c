import { decimalFormatter, type NumberFormatter } from './decimal-format'
import { baseOf, isLocale } from './i18n'

const intlLocale = (locale: string) => {
  const base = isLocale(locale) ? baseOf(locale) : 'en'
  return base === 'zh' ? 'zh-CN' : base
}

/**
 * One number format per language and options, made on first use and shared by every number on a page.
 * zh, en, ja and ko (and their themed variants) use `decimal-format.ts`, which writes what
 * `Intl.NumberFormat` writes without paying for ICU's first use (16-32 ms in a page's render); other
 * options fall back to `Intl.NumberFormat`.
 */
const numberFormats = new Map<string, NumberFormatter>()
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): NumberFormatter => {
  const tag = intlLocale(locale)
  const key = `${tag} ${JSON.stringify(options)}`
  let f = numberFormats.get(key)
  if (!f) numberFormats.set(key, (f = decimalFormatter(options as Record<string, unknown>) ?? new Intl.NumberFormat(tag, options)))
  return f
}

export const formatNumber = (n: number, locale: string, digits?: number) =>
  numberFormat(locale, digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n)

export const formatPercent = (fraction: number, locale: string, digits = 2) =>
  numberFormat(locale, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(fraction)

/**
 * Dates as the spec writes them: M.D, with the year (YY.M.D) when it differs from `now`'s year,
 * and H:mm when `time` is set. The order and separators follow the spec on every locale.
 */
export const formatDate = (ms: number, opts: { now?: number; time?: boolean; seconds?: boolean } = {}) => {
  const d = new Date(ms)
  const now = new Date(opts.now ?? Date.now())
  const md = `${d.getMonth() + 1}.${d.getDate()}`
  const date = d.getFullYear() === now.getFullYear() ? md : `${String(d.getFullYear()).slice(-2)}.${md}`
  if (!opts.time) return date
  const hm = `${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}`
  return `${date} ${opts.seconds ? `${hm}:${String(d.getSeconds()).padStart(2, '0')}` : hm}`
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000_000],
  ['month', 2_592_000_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
]

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()
export const formatRelative = (ms: number, locale: string, now = Date.now()) => {
  const diff = ms - now
  const tag = intlLocale(locale)
  let rtf = relativeFormats.get(tag)
  if (!rtf) relativeFormats.set(tag, (rtf = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })))
  for (const [unit, size] of UNITS) if (Math.abs(diff) >= size || unit === 'second') return rtf.format(Math.round(diff / size), unit)
  return ''
}
