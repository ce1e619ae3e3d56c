import { lazy, useSyncExternalStore } from 'react'
import { MountWhen } from '../lazy-mount'
import { snackbar } from './snackbar-store'

const SnackbarView = lazy(() => import('./snackbar-view'))

/** Global snackbars (see ./snackbar-store); the MUI parts load with the first message. */
export function GlobalSnackbar() {
  const current = useSyncExternalStore(snackbar.subscribe, snackbar.current, snackbar.current)
  return (
    <MountWhen when={current !== null}>
      <SnackbarView />
    </MountWhen>
  )
}
