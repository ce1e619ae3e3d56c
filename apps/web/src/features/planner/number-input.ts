/**
 * The number-input rules of spec 001 §5 (a port of the public client's NumberInput): values are
 * clamped to [min, max], step 1; a paste is accepted only when it is a plain decimal number; and
 * floating-point noise (a long run of 0 or 9 digits after the point) is rounded at 1e-11.
 */

export interface NumberRules {
  min?: number
  max?: number
  step?: number
  /** Round to an integer (optional in the spec; the planner keeps decimals). */
  round?: boolean
}

/** Optional sign, digits with an optional fraction (or a bare fraction), optional exponent. */
export const PLAIN_DECIMAL = /^-?(?:\d+|\d+\.\d+|\.\d+)(?:[eE][-+]?\d+)?$/
const FLOAT_NOISE = /\.\d*(?:0|9){10}\d*$/

/**
 * What a CJK input method types in full-width mode, as ASCII: the digits ０-９, `．` and the Chinese full
 * stop `。` as the point, `－` and `−` as minus, `＋`, and `ｅ`/`Ｅ`. A Japanese IME in kana mode types
 * full-width digits by default; without this the field dropped them, as the public client does. Typed
 * text only: a paste keeps the spec's plain-decimal rule.
 */
const HALF_WIDTH: Readonly<Record<string, string>> = { '．': '.', '。': '.', '－': '-', '−': '-', '＋': '+', ｅ: 'e', Ｅ: 'E' }
export const toHalfWidth = (text: string): string =>
  // ０-９ sit 0xfee0 above 0-9.
  text.replace(/[０-９．。－−＋ｅＥ]/g, (c) => HALF_WIDTH[c] ?? String.fromCharCode(c.charCodeAt(0) - 0xfee0))

/** True when `text` may be pasted into a number input (spec 001 §5: ASCII digits only, as the public client). */
export const isPlainDecimal = (text: string): boolean => PLAIN_DECIMAL.test(text.trim())

/** Rounds `0.30000000000000004` to `0.3` and `0.7999999999999999` to `0.8`; other values pass. */
export const roundFloatNoise = (value: number): number => (Number.isFinite(value) && FLOAT_NOISE.test(String(value)) ? Math.round(value * 1e11) / 1e11 : value)

/** Clamps to the rules' bounds (and rounds when asked); NaN becomes the minimum (or 0). */
export const normalizeNumber = (value: number, rules: NumberRules = {}): number => {
  const min = rules.min ?? -Infinity
  const max = rules.max ?? Infinity
  let v = Number.isNaN(value) ? (Number.isFinite(min) ? min : 0) : value
  if (rules.round) v = Math.round(v)
  v = roundFloatNoise(v)
  return Math.min(max, Math.max(min, v))
}

/** The value after pressing + (`direction` 1) or − (`direction` −1). */
export const stepNumber = (value: number, direction: 1 | -1, rules: NumberRules = {}): number =>
  normalizeNumber(roundFloatNoise(value + direction * (rules.step ?? 1)), rules)

/**
 * Reads what the player typed: empty text is the minimum (or 0), text that is not a number (or not a
 * finite one) is rejected (`null`, the input keeps its old value), anything else is normalized.
 */
export const parseTyped = (text: string, rules: NumberRules = {}): number | null => {
  const trimmed = toHalfWidth(text).trim()
  if (trimmed === '') return normalizeNumber(Number.NaN, rules)
  if (!isPlainDecimal(trimmed)) return null
  const value = Number(trimmed)
  // "1e999" is a plain decimal too, but no count: Infinity was kept, and stored as null.
  if (!Number.isFinite(value)) return null
  return normalizeNumber(value, rules)
}
