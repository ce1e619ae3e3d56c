import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterFirstContent, FIRST_CONTENT_MAX_MS, HOLDING_PAGE, openFirstContent, resetFirstContent } from './first-content'

describe('first content before the start-up datasets', () => {
  afterEach(() => {
    resetFirstContent()
    vi.useRealTimers()
  })

  it('knows the pages that hold their body: item and stage pages only', () => {
    expect(HOLDING_PAGE.test('/result/item/30012')).toBe(true)
    expect(HOLDING_PAGE.test('/result/stage/main_1/main_01-07')).toBe(true)
    expect(HOLDING_PAGE.test('/result/stage/main_1/main_01-07/')).toBe(true)
    for (const other of ['/', '/result/item', '/result/stage', '/result/stage/main_1', '/planner', '/report/stage/main_1/main_01-07', '/statistics']) {
      expect(HOLDING_PAGE.test(other), other).toBe(false)
    }
  })

  it('runs at once on a page that holds nothing', () => {
    const task = vi.fn()
    afterFirstContent(task, '/planner')
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('waits on an item page until its content shows, once', () => {
    const task = vi.fn()
    afterFirstContent(task, '/result/item/30012')
    expect(task).not.toHaveBeenCalled()
    openFirstContent()
    openFirstContent()
    expect(task).toHaveBeenCalledTimes(1)
    // Later pages of the visit wait for nothing.
    const later = vi.fn()
    afterFirstContent(later, '/result/stage/main_1/main_01-07')
    expect(later).toHaveBeenCalledTimes(1)
  })

  it('waits at most FIRST_CONTENT_MAX_MS, and not after a cancel', () => {
    vi.useFakeTimers()
    const task = vi.fn()
    const cancelled = vi.fn()
    afterFirstContent(task, '/result/item/30012')
    const cancel = afterFirstContent(cancelled, '/result/item/30012')
    cancel()
    vi.advanceTimersByTime(FIRST_CONTENT_MAX_MS - 1)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
    expect(cancelled).not.toHaveBeenCalled()
  })
})
