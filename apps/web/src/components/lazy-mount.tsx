import { Component, Suspense, useState, type ReactNode } from 'react'

/**
 * A part whose code could not be loaded (the server went away, a deploy removed the chunk) renders
 * nothing instead of taking the page down with it: without it, the failed import reached the root
 * and the app went blank (the network errors' dialog, opened because the server had stopped). The page
 * stays, with its own message (an item page: "could not load the drop data … try again", and Retry).
 */
class PartLoadFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

/**
 * Renders `children` (typically a `lazy` dialog, menu or snackbar) only once `when` has been true,
 * so their code is fetched when first needed instead of with the first load; they stay mounted
 * afterwards so closing transitions still run.
 */
export function MountWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(when)
  if (when && !seen) setSeen(true)
  return seen || when ? <OptionalPart>{children}</OptionalPart> : null
}

/**
 * A lazy part the page can do without (a badge, a chart, the export button, a dialog): `fallback` while
 * its code loads, and nothing if it cannot load. A plain `Suspense` let the failed import reach the
 * route's boundary, which replaced a whole rendered stats page, rows and all, with "This page could not
 * be loaded" when only the guide badge's file, say, had failed.
 */
export function OptionalPart({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <PartLoadFailed>
      <Suspense fallback={fallback}>{children}</Suspense>
    </PartLoadFailed>
  )
}
