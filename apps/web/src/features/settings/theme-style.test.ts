import { describe, expect, it } from 'vitest'
import { availableStyles, effectiveStyle, resolveMode, specialPeriodStyle } from './theme-style'

describe('theme style', () => {
  it('applies special periods by priority and hides unreleased styles', () => {
    expect(specialPeriodStyle(new Date(2024, 2, 9, 12))).toBe('miku2021')
    expect(specialPeriodStyle(new Date(2024, 3, 1, 12))).toBe('seaborn')
    expect(specialPeriodStyle(new Date('2025-09-10T12:00:00+08:00'))).toBe('avemujica')
    expect(effectiveStyle('default', new Date(2024, 5, 1))).toBe('default')
    expect(availableStyles(new Date('2023-03-01T00:00:00Z'))).toEqual(['default', 'miku2021'])
    expect(availableStyles(new Date('2026-01-01T00:00:00Z'))).toContain('avemujica')
  })
  it('resolves appearance: system follows the OS and falls back to dark; seaborn forces dark', () => {
    expect(resolveMode('system', 'default', null)).toBe('dark')
    expect(resolveMode('system', 'default', false)).toBe('light')
    expect(resolveMode('light', 'seaborn', false)).toBe('dark')
  })
})
