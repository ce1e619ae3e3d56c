import { describe, expect, it } from 'vitest'
import { isPlainDecimal, normalizeNumber, parseTyped, roundFloatNoise, stepNumber, toHalfWidth } from './number-input'

describe('number input rules (spec 001 §5)', () => {
  it('clamps to min and max', () => {
    expect(normalizeNumber(-3, { min: 0 })).toBe(0)
    expect(normalizeNumber(12, { min: 0, max: 10 })).toBe(10)
    expect(normalizeNumber(4.5, { min: 0 })).toBe(4.5)
    expect(normalizeNumber(4.5, { min: 0, round: true })).toBe(5)
    expect(normalizeNumber(Number.NaN, { min: 0 })).toBe(0)
  })

  it('steps by 1 and never below the minimum', () => {
    expect(stepNumber(0, -1, { min: 0 })).toBe(0)
    expect(stepNumber(0, 1, { min: 0 })).toBe(1)
    expect(stepNumber(2.5, 1, { min: 0 })).toBe(3.5)
    expect(stepNumber(5, 1, { min: 0, max: 5 })).toBe(5)
  })

  it('accepts pastes of plain decimals only', () => {
    for (const ok of ['12', '-3', '0.5', '.5', '1e3', '2.5E-2', ' 7 ']) expect(isPlainDecimal(ok), ok).toBe(true)
    for (const bad of ['', '1,000', '12abc', '1.', '--1', '+1', '0x10', 'Infinity', 'NaN', '1e', '１２']) expect(isPlainDecimal(bad), bad).toBe(false)
  })

  it('rounds floating-point noise at 1e-11 and leaves real decimals alone', () => {
    expect(roundFloatNoise(0.1 + 0.2)).toBe(0.3)
    expect(roundFloatNoise(1.1 - 0.3)).toBe(0.8)
    expect(roundFloatNoise(2.675)).toBe(2.675)
    expect(roundFloatNoise(1 / 3)).toBe(1 / 3)
    expect(stepNumber(0.1 + 0.2, 1, { min: 0 })).toBe(1.3)
  })

  it('reads typed text: empty is the minimum, junk is rejected, numbers are clamped', () => {
    expect(parseTyped('', { min: 0 })).toBe(0)
    expect(parseTyped('abc', { min: 0 })).toBeNull()
    expect(parseTyped('-5', { min: 0 })).toBe(0)
    expect(parseTyped('1e2', { min: 0 })).toBe(100)
    for (const huge of ['1e999', '-1e999']) expect(parseTyped(huge, { min: 0 }), huge).toBeNull()
    expect(parseTyped('0.30000000000000004', { min: 0 })).toBe(0.3)
  })

  it('reads what an input method types in full-width mode as ASCII', () => {
    expect(toHalfWidth('０１２３４５６７８９')).toBe('0123456789')
    expect(toHalfWidth('１．５')).toBe('1.5')
    expect(toHalfWidth('3。5')).toBe('3.5')
    expect(toHalfWidth('－２')).toBe('-2')
    expect(toHalfWidth('−２')).toBe('-2')
    expect(toHalfWidth('１ｅ＋３')).toBe('1e+3')
    expect(toHalfWidth('１Ｅ３')).toBe('1E3')
    // Nothing else is touched: kana, full-width letters other than e, ideographs.
    expect(toHalfWidth('あＡ一')).toBe('あＡ一')
    expect(parseTyped('１２', { min: 0 })).toBe(12)
    expect(parseTyped('１．５', { min: 0 })).toBe(1.5)
    expect(parseTyped('１２あ', { min: 0 })).toBeNull()
    expect(parseTyped('１ｅ９９９', { min: 0 })).toBeNull()
    expect(parseTyped('－５', { min: 0 })).toBe(0)
  })
})
