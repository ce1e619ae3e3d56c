import Box from '@mui/material/Box'
import { useEffect, useRef, useState, type ReactNode } from 'react'

/** How far below (or above) the screen a place counts as near: about a screen's scroll on a phone. */
export const NEAR_MARGIN_PX = 400

/**
 * Calls `onNear` once, when `el` comes within `marginPx` of the screen (above or below); at once where there is
 * no IntersectionObserver. Returns a function that stops watching.
 */
export const whenNear = (el: Element, onNear: () => void, marginPx = 0): (() => void) => {
  if (typeof IntersectionObserver !== 'function') {
    onNear()
    return () => undefined
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return
      observer.disconnect()
      onNear()
    },
    { rootMargin: `${marginPx}px 0px` },
  )
  observer.observe(el)
  return () => observer.disconnect()
}

/**
 * Keeps `height` pixels for `children` (typically a `lazy` chart) and renders them only once that place
 * comes within `NEAR_MARGIN_PX` of the screen, showing `placeholder` until then: a chart below the first
 * screen does not load its library (ECharts is 165 KB brotli) or draw while the page opens, and nothing
 * moves when it arrives. Once rendered it stays. Without IntersectionObserver it renders at once.
 */
export function WhenNearViewport({ height, placeholder, children, testId }: { height: number; placeholder: ReactNode; children: ReactNode; testId?: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function')
  useEffect(() => {
    const el = box.current
    if (near || !el) return
    return whenNear(el, () => setNear(true), NEAR_MARGIN_PX)
  }, [near])
  return (
    <Box ref={box} sx={{ minHeight: height }} data-testid={testId} data-near={near ? 'true' : 'false'}>
      {near ? children : placeholder}
    </Box>
  )
}
