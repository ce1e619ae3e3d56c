import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { whenIdle, whenIdleAfter } from './idle'

describe('whenIdle / whenIdleAfter', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    // No requestIdleCallback: the fallback (a timer) stands for the idle period.
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('runs nothing before the load event, then at the first idle period', () => {
    const task = vi.fn()
    whenIdle(task)
    vi.advanceTimersByTime(10_000)
    expect(task).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('waits the delay after the load event before it waits for an idle period', () => {
    const task = vi.fn()
    whenIdleAfter(task, 5_000)
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(4_999)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(2)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('counts the delay from now when the page has loaded already', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete')
    const task = vi.fn()
    whenIdleAfter(task, 5_000)
    vi.advanceTimersByTime(4_999)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(2)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('cancelled during the delay or before the load event, it never runs', () => {
    const during = vi.fn()
    const before = vi.fn()
    const cancelDuring = whenIdleAfter(during, 5_000)
    const cancelBefore = whenIdleAfter(before, 5_000)
    cancelBefore()
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(1_000)
    cancelDuring()
    vi.advanceTimersByTime(10_000)
    expect(during).not.toHaveBeenCalled()
    expect(before).not.toHaveBeenCalled()
  })
})
