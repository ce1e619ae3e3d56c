/** Haptic feedback through the Vibration API where the device has it (no-op elsewhere). */
export const haptic = (kind: 'success' | 'error' | 'tap' = 'tap') => {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return
  // Browsers refuse (and log) vibration before the visitor has interacted with the page.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return
  try {
    navigator.vibrate(kind === 'error' ? [30, 40, 30] : kind === 'success' ? 20 : 10)
  } catch {
    // some browsers throw without a user gesture
  }
}
