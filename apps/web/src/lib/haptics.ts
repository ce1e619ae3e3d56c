/** Haptic feedback through the Vibration API where the device has it (no-op elsewhere). */
export const haptic = (kind: 'success' | 'error' | 'tap' = 'tap') => {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return
  try {
    navigator.vibrate(kind === 'error' ? [30, 40, 30] : kind === 'success' ? 20 : 10)
  } catch {
    // some browsers throw without a user gesture
  }
}
