/**
 * Runs `task` once the page has loaded and the browser is idle (at the latest `timeoutMs` after the
 * load event): work the first screen does not need. Returns a cancel function.
 */
export const whenIdle = (task: () => void, timeoutMs = 3000): (() => void) => {
  let cancelled = false
  let cancelIdle = () => undefined as void
  const schedule = () => {
    if (cancelled) return
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => task(), { timeout: timeoutMs })
      cancelIdle = () => cancelIdleCallback(id)
    } else {
      const id = setTimeout(task, 1)
      cancelIdle = () => clearTimeout(id)
    }
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', schedule)
    cancelIdle()
  }
}
