import { lazy, useSyncExternalStore } from 'react'
import { MountWhen } from '../lazy-mount'
import { confirmStore } from './confirm-store'

const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'))

/** The confirm dialog service's host (see ./confirm-store); the dialog loads with the first request. */
export function ConfirmDialog() {
  const req = useSyncExternalStore(confirmStore.subscribe, confirmStore.current, confirmStore.current)
  return (
    <MountWhen when={req !== null}>
      <ConfirmDialogView />
    </MountWhen>
  )
}
