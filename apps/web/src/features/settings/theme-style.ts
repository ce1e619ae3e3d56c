import type { Appearance, ThemeStyle } from '../../lib/state'

/** 2023-04-01 00:00 +08:00: seaborn is offered from then on. */
export const SEABORN_RELEASE_MS = Date.parse('2023-04-01T00:00:00+08:00')
/** 2025-09-04 16:00 +08:00: avemujica is offered from then on. */
export const AVEMUJICA_RELEASE_MS = Date.parse('2025-09-04T16:00:00+08:00')
export const AVEMUJICA_PERIOD = { start: AVEMUJICA_RELEASE_MS, end: Date.parse('2025-09-25T03:59:59+08:00') }

/** Miku days: March 9 and August 31, the whole day in the visitor's local time. */
export const isMikuDay = (now: Date) => (now.getMonth() === 2 && now.getDate() === 9) || (now.getMonth() === 7 && now.getDate() === 31)

/** April fools: from April 1 00:00 +08:00 of the current year to April 1 23:59:59 local time. */
export const isAprilFools = (now: Date) => {
  const start = Date.parse(`${now.getFullYear()}-04-01T00:00:00+08:00`)
  const end = new Date(now.getFullYear(), 3, 1, 23, 59, 59, 999).getTime()
  return now.getTime() >= start && now.getTime() <= end
}

export const isAvemujicaPeriod = (now: Date) => now.getTime() >= AVEMUJICA_PERIOD.start && now.getTime() <= AVEMUJICA_PERIOD.end

/** The special period in force, by priority miku → April fools → avemujica; null otherwise. */
export const specialPeriodStyle = (now: Date): ThemeStyle | null =>
  isMikuDay(now) ? 'miku2021' : isAprilFools(now) ? 'seaborn' : isAvemujicaPeriod(now) ? 'avemujica' : null

/** Styles offered in the switcher at `now`. */
export const availableStyles = (now: Date): ThemeStyle[] => [
  'default',
  'miku2021',
  ...(now.getTime() >= SEABORN_RELEASE_MS ? (['seaborn'] as const) : []),
  ...(now.getTime() >= AVEMUJICA_RELEASE_MS ? (['avemujica'] as const) : []),
]

/** Special periods override the user's choice without saving it. */
export const effectiveStyle = (chosen: ThemeStyle, now: Date): ThemeStyle => specialPeriodStyle(now) ?? chosen

export const forcesDark = (style: ThemeStyle) => style === 'seaborn' || style === 'avemujica'

/** `system` follows the OS and falls back to dark when the OS preference is unknown. */
export const resolveMode = (appearance: Appearance, style: ThemeStyle, systemDark: boolean | null): 'dark' | 'light' => {
  if (forcesDark(style)) return 'dark'
  if (appearance === 'system') return systemDark === false ? 'light' : 'dark'
  return appearance
}

export const PALETTES: Record<ThemeStyle, { light: [string, string]; dark: [string, string] }> = {
  default: { light: ['#1976D2', '#005eb6'], dark: ['#2196F3', '#007cd6'] },
  miku2021: { light: ['#39C5BB', '#00a9a0'], dark: ['#39C5BB', '#00a9a0'] },
  seaborn: { light: ['#3ab4ce', '#005C68'], dark: ['#3ab4ce', '#005C68'] },
  avemujica: { light: ['#ab254a', '#1a090e'], dark: ['#ab254a', '#1a090e'] },
}
