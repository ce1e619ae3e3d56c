import { getContrastRatio } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { THEME_STYLES } from '../../lib/state'
import { readableOn, TEXT_BACKGROUNDS, TEXT_CONTRAST, textOn, worstContrast } from './theme-colors'
import { PALETTES } from './theme-style'

describe('readableOn', () => {
  it.each(THEME_STYLES.flatMap((style) => (['light', 'dark'] as const).flatMap((mode) => PALETTES[style][mode].map((color) => [style, mode, color] as const))))(
    '%s %s: %s becomes readable text on every background of the mode',
    (_style, mode, color) => expect(worstContrast(readableOn(color, mode), TEXT_BACKGROUNDS[mode])).toBeGreaterThanOrEqual(TEXT_CONTRAST),
  )

  it.each([
    ['#1565c0', 'light'],
    ['#90caf9', 'dark'],
  ] as const)('keeps %s (%s), which already reads', (color, mode) => expect(readableOn(color, mode)).toBe(color))

  it.each([
    ['#39C5BB', 'light'],
    ['#1a090e', 'dark'],
    ['#005C68', 'dark'],
  ] as const)('moves %s (%s) away from the background', (color, mode) => {
    const out = readableOn(color, mode)
    expect(out).not.toBe(color)
    expect(getContrastRatio(out, mode === 'light' ? '#ffffff' : '#121212')).toBeGreaterThan(getContrastRatio(color, mode === 'light' ? '#ffffff' : '#121212'))
  })
})

describe('textOn', () => {
  it.each([
    ['#ab254a', '#ffffff'],
    ['#39C5BB', 'rgba(0, 0, 0, 0.87)'],
    ['#ffffff', 'rgba(0, 0, 0, 0.87)'],
  ])('on %s is %s', (bg, want) => expect(textOn(bg)).toBe(want))
})
