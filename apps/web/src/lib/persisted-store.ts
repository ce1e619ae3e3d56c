import { useSyncExternalStore } from 'react'
import type { z } from 'zod'
import { readJson, writeJson } from './storage'

export interface Store<T> {
  get(): T
  set(update: Partial<T> | ((prev: T) => T)): void
  subscribe(listener: () => void): () => void
  /** Re-read from storage (after a reset or a test). */
  reload(): void
}

/**
 * A tiny observable store persisted as JSON under one storage key. Stored values are parsed with
 * the schema; anything that does not parse falls back to the defaults field by field (the schema
 * should use `.catch()` on each field), so an old or corrupt entry never breaks start-up.
 */
export const createPersistedStore = <S extends z.ZodType>(key: string, schema: S): Store<z.infer<S>> => {
  type T = z.infer<S>
  const load = (): T => {
    const parsed = schema.safeParse(readJson(key) ?? {})
    return parsed.success ? parsed.data : schema.parse({})
  }
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
  useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()))
