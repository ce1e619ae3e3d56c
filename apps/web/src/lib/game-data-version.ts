import type { KeyValue } from './storage'

/**
 * Which game-data version the app's stored reference lists belong to (issue 36). Every v2 answer names the
 * version the server answered under (`X-Dropwise-Data-Version`); one newer than the version stored here means
 * a sync brought new stages, zones or items, and the listeners (lib/data.ts: refetch the lists past the
 * browser's cache) run once. The first version ever heard is only stored: the lists fetched then are of it.
 * A version that is not newer (another server process that has not followed yet) changes nothing.
 */
export const createGameDataVersion = (storage: KeyValue, key: string, now: () => number = Date.now) => {
  const listeners = new Set<(version: number) => void>()
  let heardAt = Number.NEGATIVE_INFINITY
  const stored = (): number | undefined => {
    const n = Number(storage.getItem(key) ?? Number.NaN)
    return Number.isInteger(n) && n > 0 ? n : undefined
  }
  return {
    known: stored,
    /** When an answer last named a version (ms of `now`), −∞ before the first. */
    heardAt: () => heardAt,
    note(version: number) {
      heardAt = now()
      const before = stored()
      if (before !== undefined && version <= before) return
      storage.setItem(key, String(version))
      if (before === undefined) return
      for (const l of listeners) l(version)
    },
    /** Runs `listener(version)` on each newer version; returns the unsubscribe. */
    onNewer(listener: (version: number) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** Forgets the version (a forced refresh refetches every list: the next answer's version is theirs). */
    forget: () => storage.removeItem(key),
  }
}
export type GameDataVersion = ReturnType<typeof createGameDataVersion>

export interface WatchOptions {
  /** Asks the server (any v2 answer carries the version); its answer reaches `note` through the API client's hooks. */
  ask: () => Promise<unknown>
  pollMs: number
  recheckMs: number
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  setTimer?: (fn: () => void, ms: number) => () => void
}

const intervalTimer = (fn: () => void, ms: number) => {
  const id = setInterval(fn, ms)
  return () => clearInterval(id)
}

/**
 * Keeps an open page hearing the server's game-data version: while the page is visible, asks every `pollMs`
 * unless some answer named it meanwhile, and when the player comes back to the page (visible again, or the
 * window focused) after `recheckMs` without one. A hidden page asks nothing. Returns the stop.
 */
export const watchGameDataVersion = (
  version: GameDataVersion,
  { ask, pollMs, recheckMs, doc = document, win = window, setTimer = intervalTimer }: WatchOptions,
  now: () => number = Date.now,
) => {
  let asking = false
  const askIfQuietFor = (ms: number) => {
    if (asking || doc.visibilityState !== 'visible' || now() - version.heardAt() < ms) return
    asking = true
    void ask()
      .catch(() => undefined) // offline or down: the next tick asks again
      .finally(() => {
        asking = false
      })
  }
  // A tick a little more often than the period, so a page never waits almost two periods.
  const stopTimer = setTimer(() => askIfQuietFor(pollMs), Math.max(1_000, Math.floor(pollMs / 5)))
  const onReturn = () => askIfQuietFor(recheckMs)
  doc.addEventListener('visibilitychange', onReturn)
  win.addEventListener('focus', onReturn)
  return () => {
    stopTimer()
    doc.removeEventListener('visibilitychange', onReturn)
    win.removeEventListener('focus', onReturn)
  }
}
