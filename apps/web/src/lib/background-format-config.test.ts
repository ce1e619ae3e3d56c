import { describe, expect, it } from 'vitest'
import { readShellConfig } from './shell-config'
import { pickBackground } from './background'
import { formatDate } from './format'
import { detectLocale } from './i18n'

describe('misc', () => {
  it('picks at most 3 backgrounds a day, rarely the rare one', () => {
    let memo = { last: '', ids: [] as number[] }
    const day = new Date(2024, 0, 1)
    for (let i = 0; i < 10; i++) memo = pickBackground(memo, day, () => (i * 0.37) % 1 || 0.5).memo
    expect(memo.ids.length).toBe(3)
    expect(pickBackground(memo, day, () => 0.001).id).toBe(-1)
    expect(pickBackground(memo, new Date(2024, 0, 2), () => 0.5).memo.ids.length).toBe(1)
  })
  it('detects the browser language and formats dates per the spec', () => {
    expect(detectLocale(['ja-JP', 'en'])).toBe('ja')
    expect(detectLocale(['fr-FR'])).toBe('zh')
    expect(formatDate(new Date(2024, 2, 5, 9, 7).getTime(), { now: new Date(2024, 5, 1).getTime() })).toBe('3.5')
    expect(formatDate(new Date(2023, 2, 5, 9, 7).getTime(), { now: new Date(2024, 5, 1).getTime(), time: true })).toBe('23.3.5 9:07')
  })
  it('reads the shell fields of /config', () => {
    expect(readShellConfig({ demo: true }).demo).toBe(true)
    expect(readShellConfig({ demo: { present: false } }).demo).toBe(false)
    expect(readShellConfig({}).demo).toBeUndefined()
  })
})
