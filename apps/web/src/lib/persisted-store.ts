import { useSyncExternalStore } from 'react'
import type { Guard } from './guards'
import { readJson, writeJson } from './storage'

export interface Store<T> {
  get(): T
  set(update: Partial<T> | ((prev: T) => T)): void
  subscribe(listener: () => void): () => void
  /** Re-read from storage (after a reset or a test). */
  reload(): void
}

/**
 * A tiny observable store persisted as JSON under one storage key. Stored values go through the
 * parser, which falls back to the defaults field by field (see ./guards), so an old or corrupt
 * entry never breaks start-up.
 */
export const createPersistedStore = <T>(key: string, parse: Guard<T>): Store<T> => {
  const load = (): T => parse(readJson(key) ?? {})
  let state = load()
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((l) => l())
  return {
    get: () => state,
    set(update) {
      state = typeof update === 'function' ? update(state) : ({ ...(state as object), ...(update as object) } as T)
      writeJson(key, state)
      emit()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    reload() {
      state = load()
      emit()
    },
  }
}

export const useStore = <T, R = T>(store: Store<T>, select: (s: T) => R = (s) => s as unknown as R): R =>
  useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  )
