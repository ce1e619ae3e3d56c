/*
 * Whether the login dialog is open, and what runs after a successful login: a tiny store any page can
 * open the dialog through (the data-source toggle and the advanced query do). The dialog itself is drawn
 * by features/account (AccountManager, which loads account-dialogs on first use).
 */
let loginOpen = false
let afterLogin: (() => void) | null = null
const listeners = new Set<() => void>()

/** The callback to run after a successful login (taken by the dialog when it submits). */
export const pendingAfterLogin = () => afterLogin
/** Opens the login dialog from anywhere; `then` runs after success. */
export const openLoginDialog = (then?: () => void) => {
  loginOpen = true
  afterLogin = then ?? null
  listeners.forEach((l) => l())
}
export const closeLoginDialog = () => {
  loginOpen = false
  afterLogin = null
  listeners.forEach((l) => l())
}
export const subscribeLogin = (l: () => void) => {
  listeners.add(l)
  return () => void listeners.delete(l)
}
/** Snapshot for `useSyncExternalStore`. */
export const isLoginOpen = () => loginOpen
