import { startTransition, useEffect, useState } from 'react'

/**
 * How many of `total` parts to draw: `first`, then `step` more after each commit, until all are there.
 * For a view whose first mount is one long task on a phone: its render is sliced (a transition), but
 * its commit is not, and there every new component's styles are compiled and inserted and its effects
 * run. In steps, each commit stays short; the whole view is there a few frames later. Draw the parts top
 * to bottom (each step adds below what is there) so nothing already shown moves.
 */
export const useStepwise = (total: number, step: number, first = step) => {
  const [shown, setShown] = useState(first)
  useEffect(() => {
    if (shown >= total) return
    // After the browser's next turn (a timer), so the commit just made is painted before the next render.
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + step)))
    return () => clearTimeout(timer)
  }, [shown, total, step])
  return Math.min(shown, total)
}
