import { startTransition, useEffect, useState } from 'react'
import { isHydrating } from './hydration'

/**
 * The first page's own data before the site's start-up datasets. An item or a stage page holds its
 * body until its rows are in (features/results/page-hold.tsx); while it opens, the start-up datasets
 * (~0.7 MB of JSON) wait, since on a slow line they would share the bandwidth with the page's few KB
 * and put its first content seconds later. Every other page lets them go at once.
 */

/** The addresses of the pages that hold their body until their data is in (item and stage pages). */
export const HOLDING_PAGE = /^\/result\/(?:item\/[^/]+|stage\/[^/]+\/[^/]+)\/?$/

/** How long the start-up datasets wait at most (as long as a page holds its body at most). */
export const FIRST_CONTENT_MAX_MS = 8_000

let opened = false
let waiting: (() => void)[] = []
const listeners = new Set<() => void>()

/** The first page's content is on screen (or the visitor left it): what waited for it goes. */
export const openFirstContent = () => {
  if (opened) return
  opened = true
  const tasks = waiting
  waiting = []
  for (const task of tasks) task()
  for (const listener of [...listeners]) listener()
}

/**
 * Whether the first page's content is shown (always, after the first page of a visit): parts of an
 * item or a stage page that need large answers of their own (the guide's badge, the trend sparklines,
 * the drop patterns) wait for it in the places they keep, so they do not delay the rows.
 *
 * The change reaches readers as a transition, rendered in slices: not through `useSyncExternalStore`,
 * whose updates React renders synchronously, so a page would re-render (and, while it hydrates,
 * hydrate) its readers in one long task when it opens. The server and a hydrating page read false.
 */
export const useFirstContentShown = (): boolean => {
  const [shown, setShown] = useState(() => typeof window !== 'undefined' && opened && !isHydrating())
  useEffect(() => {
    if (shown) return
    const show = () => startTransition(() => setShown(true))
    if (opened) {
      show()
      return
    }
    listeners.add(show)
    return () => void listeners.delete(show)
  }, [shown])
  return shown
}

/**
 * Runs `task` once the first page's content is shown: at once when the first page (`pathname`) holds
 * nothing or has shown already, else when it shows, at the latest after `maxMs`. Returns a cancel function.
 */
export const afterFirstContent = (task: () => void, pathname: string, maxMs = FIRST_CONTENT_MAX_MS): (() => void) => {
  if (opened || !HOLDING_PAGE.test(pathname)) {
    openFirstContent()
    task()
    return () => undefined
  }
  let done = false
  const run = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    task()
  }
  const timer = setTimeout(openFirstContent, maxMs)
  waiting.push(run)
  return () => {
    done = true
    clearTimeout(timer)
  }
}

/** Tests: back to a fresh page load. */
export const resetFirstContent = () => {
  opened = false
  waiting = []
}
