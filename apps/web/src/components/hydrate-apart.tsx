import { Suspense, type ReactNode } from 'react'

/**
 * Hydrates its children in a pass and a commit of their own, after the page around them.
 *
 * Some MUI controls set state as they mount: ToggleButtonGroup registers its buttons (roving tab index),
 * Select keeps its display node, Tooltip its child. Inside a commit such an update is synchronous: React
 * renders again at once and, before that, runs every effect the commit left pending (the page's queries
 * start there). On a server-rendered page all of it landed in the hydration's one commit, the longest
 * task of the item and stage pages on a phone. A Suspense boundary is hydrated in a later pass of its
 * own, so that commit keeps to the page; the control's follows, short, in another task.
 *
 * It costs nothing elsewhere: outside hydration, and with nothing inside that suspends, a Suspense
 * boundary renders its children as they are. Keep lazy components out of it (its fallback is nothing).
 * An update reaching the children before they hydrate makes React hydrate them first, at that
 * update's priority.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
