import { act } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { afterFirstContent, FIRST_CONTENT_MAX_MS, HOLDING_PAGE, openFirstContent, resetFirstContent, useFirstContentShown } from './first-content'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

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

describe('useFirstContentShown', () => {
  function Probe() {
    return <span>{useFirstContentShown() ? 'shown' : 'waiting'}</span>
  }
  const mount = async () => {
    const el = document.createElement('div')
    const root = createRoot(el)
    await act(async () => root.render(<Probe />))
    return { el, unmount: () => act(() => root.unmount()) }
  }
  afterEach(() => resetFirstContent())

  it('switches its readers in a transition, not in a synchronous render', async () => {
    const { el, unmount } = await mount()
    expect(el.textContent).toBe('waiting')
    await act(async () => {
      // A store read through useSyncExternalStore would be re-rendered inside flushSync.
      flushSync(() => openFirstContent())
      expect(el.textContent).toBe('waiting')
    })
    expect(el.textContent).toBe('shown')
    await unmount()
  })

  it('is true from the first render once the content has shown', async () => {
    openFirstContent()
    const { el, unmount } = await mount()
    expect(el.textContent).toBe('shown')
    await unmount()
  })
})
