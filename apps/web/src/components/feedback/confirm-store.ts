import type { ReactNode } from 'react'
import { CONFIRM_WIDTH } from '../../config/constants'

export interface ConfirmRequest {
  title: ReactNode
  message: ReactNode
  confirmText?: ReactNode
  cancelText?: ReactNode
  color?: 'primary' | 'error' | 'warning'
  width: number
  resolve: (ok: boolean) => void
}

let pending: ConfirmRequest | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/** Confirm dialog service: `await confirm({ title, message })` resolves true on confirm. */
export const confirm = (req: Omit<ConfirmRequest, 'resolve' | 'width'> & { width?: number }) =>
  new Promise<boolean>((resolve) => {
    pending?.resolve(false)
    pending = { width: CONFIRM_WIDTH, ...req, resolve }
    emit()
  })

export const confirmStore = {
  current: () => pending,
  subscribe(l: () => void) {
    listeners.add(l)
    return () => void listeners.delete(l)
  },
  settle(ok: boolean) {
    pending?.resolve(ok)
    pending = null
    emit()
  },
}
