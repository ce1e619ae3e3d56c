import useMediaQuery from '@mui/material/useMediaQuery'
import type { Theme } from '@mui/material/styles'
import { useLayoutEffect, useRef, useState } from 'react'
import { useHydrated } from '../../lib/hydration'

/**
 * Whether the statistics table fits its container without scrolling sideways. The table is drawn
 * and measured before the browser paints; where it is wider than the room (a phone, a narrow
 * window, a language with long headers) the caller draws a list instead, until the container
 * grows to the width the table needed. `resetKey` names what changes the table's width (language,
 * mode, the rows): when it changes, the table is tried again. Phones (and hydration) start with the list.
 */
export function useTableFits(resetKey: string) {
  const containerRef = useRef<HTMLDivElement>(null)
  const tableRef = useRef<HTMLTableElement>(null)
  // A page rendered on the server is the phone layout: its hydration starts with the list too.
  const hydrated = useHydrated()
  const phone = useMediaQuery((th: Theme) => th.breakpoints.down('sm'), { noSsr: true }) || !hydrated
  const [needed, setNeeded] = useState<{ key: string; width: number } | null>(null)
  const [width, setWidth] = useState(0)
  const neededWidth = needed?.key === resetKey ? needed.width : null
  const fits = neededWidth === null ? !phone : width >= neededWidth
  // The width matters only once the table was found too wide: the observer reads it from here.
  const neededRef = useRef(neededWidth)
  useLayoutEffect(() => {
    neededRef.current = neededWidth
  })

  // After every render as a table (a new page of rows may be wider): does it fit? It sets state only
  // while the table fits and is too wide, which makes it no longer fit: no chain of updates.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately after every render (see above)
  useLayoutEffect(() => {
    const table = tableRef.current
    const box = containerRef.current
    if (fits && table && box && table.scrollWidth > box.clientWidth + 1) {
      setNeeded({ key: resetKey, width: table.scrollWidth })
      setWidth(box.clientWidth)
    }
  })

  useLayoutEffect(() => {
    const box = containerRef.current
    if (!box) return
    // The observer reports the first width too, after the browser's own layout: reading it here would
    // force the whole freshly committed page to be laid out inside the commit (a hydration's longest task).
    // It sets state only when the answer to "does the table fit?" changes: each new state re-renders
    // the whole table (or list) in one blocking render, and the observer also reports a first width.
    const observer = new ResizeObserver(() => {
      const next = box.clientWidth
      const needed = neededRef.current
      if (needed !== null) setWidth((prev) => (prev >= needed === next >= needed ? prev : next))
    })
    observer.observe(box)
    return () => observer.disconnect()
  }, [])

  return { containerRef, tableRef, fits }
}
