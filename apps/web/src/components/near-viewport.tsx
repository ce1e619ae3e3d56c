import Box from '@mui/material/Box'
import { useEffect, useRef, useState, type ReactNode } from 'react'

/** How far below (or above) the screen a place counts as near: about a screen's scroll on a phone. */
export const NEAR_MARGIN_PX = 400

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
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true)
      },
      { rootMargin: `${NEAR_MARGIN_PX}px 0px` },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [near])
  return (
    <Box ref={box} sx={{ minHeight: height }} data-testid={testId} data-near={near ? 'true' : 'false'}>
      {near ? children : placeholder}
    </Box>
  )
}
