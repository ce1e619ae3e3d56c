import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SW_REGISTER_DELAY_MS } from '../../config/constants'
import UpdatePrompt from './update-prompt'

/** A service worker container whose `register` fails as it does when the server is down (or blocks sw.js). */
const container = () => ({
  controller: null,
  register: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
})

describe('UpdatePrompt registering the service worker', () => {
  let sw: ReturnType<typeof container>
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete')
    sw = container()
    Object.defineProperty(navigator, 'serviceWorker', { value: sw, configurable: true })
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('registers only once the delay after load has passed, and a failed registration (server down) is swallowed', async () => {
    render(<UpdatePrompt />)
    vi.advanceTimersByTime(SW_REGISTER_DELAY_MS - 1)
    expect(sw.register).not.toHaveBeenCalled()
    vi.advanceTimersByTime(2)
    expect(sw.register).toHaveBeenCalledTimes(1)
    expect(sw.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
    // The rejection is handled: no unhandled rejection reaches the page (Vitest fails the run on one).
    await vi.runAllTimersAsync()
    expect(sw.register).toHaveBeenCalledTimes(1)
  })

  it('a visitor who leaves before the delay registers nothing', () => {
    const { unmount } = render(<UpdatePrompt />)
    vi.advanceTimersByTime(SW_REGISTER_DELAY_MS / 2)
    unmount()
    vi.advanceTimersByTime(SW_REGISTER_DELAY_MS * 2)
    expect(sw.register).not.toHaveBeenCalled()
    expect(sw.removeEventListener).toHaveBeenCalledWith('controllerchange', expect.any(Function))
  })
})
