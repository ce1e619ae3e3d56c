import { useEffect, useRef } from 'react'

/** How long after a navigation a page may take to draw its heading (its data loading). */
const WAIT_MS = 5_000

/**
 * After a client-side navigation (never on the first load), focus moves to the new page's h1 inside
 * `#mainId`, so screen readers announce the page and Tab continues from it. A page that draws its
 * heading later (a lazy chunk, a skeleton) is waited for; if the visitor moves focus meanwhile, it stays.
 */
export function useRouteFocus(pathname: string, mainId: string) {
  // The address focus was last placed for: the first load's, so that one is left alone (also when
  // development's strict mode runs the effect twice).
  const placed = useRef(pathname)
  useEffect(() => {
    if (placed.current === pathname) return
    placed.current = pathname
    const main = document.getElementById(mainId)
    if (!main) return
    const before = document.activeElement
    const tryFocus = (): boolean => {
      const active = document.activeElement
      // The visitor already moved on (typing in the new page's search box, say): focus stays there.
      if (active && active !== before && active !== document.body) return true
      const h1 = main.querySelector<HTMLElement>('h1')
      if (!h1 || main.querySelector('[data-testid="route-loading"]')) return false
      h1.tabIndex = -1
      h1.focus({ preventScroll: true })
      return true
    }
    if (tryFocus()) return
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop()
    })
    const timer = setTimeout(() => stop(), WAIT_MS)
    const stop = () => {
      observer.disconnect()
      clearTimeout(timer)
    }
    observer.observe(main, { childList: true, subtree: true })
    return stop
  }, [pathname, mainId])
}
