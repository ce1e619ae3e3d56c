import { darken, getContrastRatio, lighten } from '@mui/material/styles'

/** WCAG AA for normal text. */
export const TEXT_CONTRAST = 4.5

/**
 * The backgrounds text is drawn on, per mode: the page, a card, and the worst case of an elevated
 * card (dark mode lightens paper with elevation) or the page's tinted background art.
 */
export const TEXT_BACKGROUNDS: Record<'light' | 'dark', readonly string[]> = {
  light: ['#ffffff', '#f5f5f5', '#e6e6e6'],
  dark: ['#121212', '#1e1e1e', '#2e2e2e'],
}

/** The lowest contrast of `color` against any of `backgrounds`. */
export const worstContrast = (color: string, backgrounds: readonly string[]) => Math.min(...backgrounds.map((b) => getContrastRatio(color, b)))

/**
 * `color`, darkened (light mode) or lightened (dark mode) in 5 % steps just enough to read as text
 * on every background of the mode (at least 4.5:1); unchanged when it already does. A brand colour
 * stays recognisable while links, text buttons and tabs drawn in it stay legible.
 */
export const readableOn = (color: string, mode: 'light' | 'dark', ratio = TEXT_CONTRAST): string => {
  const backgrounds = TEXT_BACKGROUNDS[mode]
  for (let step = 0; step <= 20; step++) {
    const c = step === 0 ? color : mode === 'light' ? darken(color, step * 0.05) : lighten(color, step * 0.05)
    if (worstContrast(c, backgrounds) >= ratio) return c
  }
  return mode === 'light' ? '#000000' : '#ffffff'
}

/** Black or white text on `background`, whichever contrasts more. */
export const textOn = (background: string) => (getContrastRatio('#ffffff', background) >= getContrastRatio('#000000', background) ? '#ffffff' : 'rgba(0, 0, 0, 0.87)')
