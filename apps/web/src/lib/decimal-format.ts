/**
 * Numbers as `Intl.NumberFormat` writes them in zh-CN, en, ja and ko, without ICU. The first
 * `Intl.NumberFormat` of a page costs 16-32 ms of main thread in Chromium (ICU loads its number data;
 * the next ones cost 0.1-0.2 ms), and that first one fell in the render of every stats page. The four
 * languages write numbers alike: Latin digits, `,` every three digits, `.` before the fraction, `-`
 * before a negative number and `%` right after a percentage. As ICU does, the value is rounded on its
 * shortest decimal form (what `String(n)` prints), half away from zero. `decimal-format.test.ts`
 * compares the output with `Intl.NumberFormat` on thousands of values in the four languages.
 */

export interface NumberFormatter {
  format(n: number): string
}

/** What the formatter handles; other options go to `Intl.NumberFormat`. */
export interface DecimalOptions {
  style?: 'decimal' | 'percent'
  minimumFractionDigits?: number
  maximumFractionDigits?: number
}

const SUPPORTED = new Set(['style', 'minimumFractionDigits', 'maximumFractionDigits'])

/** The fraction digits `Intl.NumberFormat` would use for these options, or null where it would throw or do more. */
export const fractionDigits = (options: Record<string, unknown>): { min: number; max: number; percent: boolean } | null => {
  for (const key of Object.keys(options)) if (options[key] !== undefined && !SUPPORTED.has(key)) return null
  const { style = 'decimal', minimumFractionDigits: min, maximumFractionDigits: max } = options as DecimalOptions
  if (style !== 'decimal' && style !== 'percent') return null
  const percent = style === 'percent'
  const valid = (v: number | undefined) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= 100)
  if (!valid(min) || !valid(max)) return null
  const lo = min ?? 0
  const hi = max ?? Math.max(lo, percent ? 0 : 3)
  if (hi < lo) return null
  return { min: lo, max: hi, percent }
}

/** Adds one to a string of decimal digits ("0999" → "1000"). */
const increment = (digits: string): string => {
  const d = digits.split('')
  let i = d.length - 1
  while (i >= 0 && d[i] === '9') d[i--] = '0'
  if (i < 0) return `1${d.join('')}`
  d[i] = String(Number(d[i]) + 1)
  return d.join('')
}

/** `abs` (finite, ≥ 0) times 10^shift, rounded to `max` fraction digits, as integer and fraction digits. */
const roundDecimal = (abs: number, shift: number, max: number): { int: string; frac: string } => {
  const s = String(abs)
  const e = s.indexOf('e')
  const mantissa = e < 0 ? s : s.slice(0, e)
  const dot = mantissa.indexOf('.')
  let digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1)
  // Where the decimal point falls in `digits`.
  let point = (dot < 0 ? mantissa.length : dot) + (e < 0 ? 0 : Number(s.slice(e + 1))) + shift
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits
    point = 1
  }
  if (digits.length < point) digits += '0'.repeat(point - digits.length)
  const keep = point + max
  if (digits.length > keep) {
    const up = digits.charCodeAt(keep) >= 53 // '5'
    digits = digits.slice(0, keep)
    if (up) {
      const next = increment(digits)
      if (next.length > digits.length) point++
      digits = next
    }
  }
  return { int: digits.slice(0, point).replace(/^0+(?=\d)/, ''), frac: digits.slice(point) }
}

/** A formatter for `options` in zh-CN, en, ja or ko; null when `options` need `Intl.NumberFormat`. */
export const decimalFormatter = (options: Record<string, unknown>): NumberFormatter | null => {
  const digits = fractionDigits(options)
  if (!digits) return null
  const { min, max, percent } = digits
  let intl: Intl.NumberFormat | undefined
  return {
    format(n: number) {
      // NaN and the infinities ("NaN", "∞"): rare enough to leave to ICU.
      if (!Number.isFinite(n)) return (intl ??= new Intl.NumberFormat('en', options as Intl.NumberFormatOptions)).format(n)
      const { int, frac } = roundDecimal(Math.abs(n), percent ? 2 : 0, max)
      let f = frac.replace(/0+$/, '')
      if (f.length < min) f += '0'.repeat(min - f.length)
      const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
      const sign = n < 0 || Object.is(n, -0) ? '-' : ''
      return `${sign}${grouped}${f ? `.${f}` : ''}${percent ? '%' : ''}`
    },
  }
}
