import { Suspense, useState, type ReactNode } from 'react'

/**
 * Renders `children` (typically a `lazy` dialog, menu or snackbar) only once `when` has been true,
 * so their code is fetched when first needed instead of with the first load; they stay mounted
 * afterwards so closing transitions still run.
 */
export function MountWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(when)
  if (when && !seen) setSeen(true)
  return seen || when ? <Suspense fallback={null}>{children}</Suspense> : null
}
