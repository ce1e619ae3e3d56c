/**
 * Runs `task` once the page has loaded and the browser is idle (at the latest `timeoutMs` after the
 * load event): work the first screen does not need. Returns a cancel function.
 */
export const whenIdle = (task: () => void, timeoutMs = 3000): (() => void) => whenIdleAfter(task, 0, timeoutMs)

/**
 * Runs `task` `delayMs` after the page has loaded, once the browser is idle (at the latest `timeoutMs`
 * later): work that must not compete with the page's own start-up either. The load event comes before
 * the app has hydrated the page and loaded its data, and that work leaves idle periods between its
 * slices, so `whenIdle` alone runs in the first of them. Returns a cancel function.
 */
export const whenIdleAfter = (task: () => void, delayMs: number, timeoutMs = 3000): (() => void) => {
  let cancelled = false
  let cancelIdle = () => undefined as void
  const idle = () => {
    if (cancelled) return
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => task(), { timeout: timeoutMs })
      cancelIdle = () => cancelIdleCallback(id)
    } else {
      const id = setTimeout(task, 1)
      cancelIdle = () => clearTimeout(id)
    }
  }
  const schedule = () => {
    if (cancelled) return
    if (delayMs <= 0) return idle()
    const id = setTimeout(idle, delayMs)
    cancelIdle = () => clearTimeout(id)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', schedule)
    cancelIdle()
  }
}
