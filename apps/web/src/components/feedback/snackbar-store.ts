import type { ReactNode } from 'react'
import { SNACKBAR_MS } from '../../config/constants'
import { haptic } from '../../lib/haptics'

export type Severity = 'success' | 'error' | 'info' | 'warning'

export interface SnackbarMessage {
  id: number
  message: ReactNode
  severity: Severity
  /** ms; 0 keeps it until closed. */
  timeout: number
  action?: { label: ReactNode; onClick: () => void }
}

let queue: SnackbarMessage[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/** Global snackbar service, callable from anywhere (one visible at a time, newest first). */
export const snackbar = {
  show(message: ReactNode, opts: { severity?: Severity; timeout?: number; action?: SnackbarMessage['action'] } = {}) {
    const severity = opts.severity ?? 'info'
    if (severity === 'success' || severity === 'error') haptic(severity)
    const entry: SnackbarMessage = { id: nextId++, message, severity, timeout: opts.timeout ?? SNACKBAR_MS, ...(opts.action ? { action: opts.action } : {}) }
    queue = [entry, ...queue.filter((m) => m.message !== message)]
    emit()
    return entry.id
  },
  close(id: number) {
    queue = queue.filter((m) => m.id !== id)
    emit()
  },
  subscribe(l: () => void) {
    listeners.add(l)
    return () => void listeners.delete(l)
  },
  current: () => queue[0] ?? null,
}
