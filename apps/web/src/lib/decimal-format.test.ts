import { describe, expect, it } from 'vitest'
import { decimalFormatter, fractionDigits } from './decimal-format'

const LOCALES = ['zh-CN', 'en', 'ja', 'ko']
const OPTIONS: Record<string, unknown>[] = [
  {},
  { minimumFractionDigits: 0, maximumFractionDigits: 0 },
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { maximumFractionDigits: 2 },
  { minimumFractionDigits: 2 },
  { minimumFractionDigits: 4 },
  { style: 'percent' },
  { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 0 },
  { style: 'percent', maximumFractionDigits: 1 },
]

// Ties on the shortest decimal form (1.005 is 1.00499999999999989… in binary: ICU rounds it up), carries,
// magnitudes toExponential would write with an exponent, negative values and zeros.
const EDGES = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  2.5,
  -2.5,
  0.125,
  1.005,
  2.675,
  1.0005,
  0.045,
  0.0115,
  0.9995,
  9.9995,
  99.995,
  999.9995,
  0.00049,
  0.0005,
  -0.0001,
  -0.0004,
  123456789.987654,
  1234567,
  1000,
  999999.9999,
  1e21,
  1.5e21,
  1e-7,
  2.5e-7,
  123e-10,
  Number.MAX_SAFE_INTEGER,
  0.1 + 0.2,
  1 / 3,
  2 / 3,
]

/** Reproducible values over many magnitudes (a linear congruential generator). */
const sampled = (() => {
  let seed = 42
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const out: number[] = []
  for (let i = 0; i < 600; i++) {
    const magnitude = 10 ** Math.floor(next() * 16 - 8)
    const v = next() * magnitude
    out.push(next() < 0.2 ? -v : v, Math.round(v * 1000) / 1000, Math.round(v * 100) / 100 + 0.005)
  }
  return out
})()

describe('decimalFormatter', () => {
  it('writes what Intl.NumberFormat writes in zh-CN, en, ja and ko', () => {
    let compared = 0
    const diffs: string[] = []
    for (const options of OPTIONS) {
      const ours = decimalFormatter(options)
      expect(ours, JSON.stringify(options)).not.toBeNull()
      for (const locale of LOCALES) {
        const intl = new Intl.NumberFormat(locale, options)
        for (const n of [...EDGES, ...sampled]) {
          compared++
          if (ours!.format(n) !== intl.format(n)) diffs.push(`${locale} ${JSON.stringify(options)} ${n}: ${ours!.format(n)} ≠ ${intl.format(n)}`)
        }
      }
    }
    expect(diffs.slice(0, 20)).toEqual([])
    expect(compared).toBeGreaterThan(80_000)
  })

  it('hands NaN and the infinities to Intl', () => {
    const f = decimalFormatter({ maximumFractionDigits: 2 })!
    expect(f.format(Number.NaN)).toBe('NaN')
    expect(f.format(Number.POSITIVE_INFINITY)).toBe('∞')
    expect(f.format(Number.NEGATIVE_INFINITY)).toBe('-∞')
  })

  it('declines options it does not implement, and options Intl would refuse', () => {
    expect(decimalFormatter({ style: 'currency', currency: 'CNY' })).toBeNull()
    expect(decimalFormatter({ notation: 'compact' })).toBeNull()
    expect(decimalFormatter({ useGrouping: false })).toBeNull()
    expect(fractionDigits({ minimumFractionDigits: 3, maximumFractionDigits: 1 })).toBeNull()
    expect(fractionDigits({ maximumFractionDigits: 1.5 })).toBeNull()
    expect(fractionDigits({ minimumFractionDigits: 5 })).toEqual({ min: 5, max: 5, percent: false })
    expect(fractionDigits({ style: 'percent', minimumFractionDigits: 1 })).toEqual({ min: 1, max: 1, percent: true })
  })
})
