import { afterEach, describe, expect, it, vi } from 'vitest'
import { changeLocale, initI18n } from './i18n'

afterEach(() => vi.restoreAllMocks())

describe('the document locale', () => {
  it('writes <html lang> only when it changes (Chromium restyles the whole page on every write)', async () => {
    document.documentElement.lang = 'en'
    const set = vi.spyOn(document.documentElement, 'lang', 'set')
    await initI18n('en')
    expect(set).not.toHaveBeenCalled()
    await changeLocale('ja')
    expect(set).toHaveBeenCalledTimes(1)
    expect(document.documentElement.lang).toBe('ja')
    await changeLocale('zh')
    expect(document.documentElement.lang).toBe('zh-CN')
  })
})
