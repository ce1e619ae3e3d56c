import type { DataVersion } from '../../lib/data-version'

/** What a builder returns: the value and the instant after which it must be rebuilt (its time window moves). */
export interface Built<T> {
  value: T
  validUntil: number
}

interface Entry<T> extends Built<T> {
  version: number
}

/**
 * A per-key cache of global answers (api-v2.md §2.5, §10.4): an entry is served while the data version
 * it was built from is still current and the clock is before its `validUntil`. Concurrent requests for
 * a key share one build; a failed build is forgotten.
 */
export const createVersionCache = <T>(version: DataVersion, clock: () => number) => {
  const entries = new Map<string, Promise<Entry<T>>>()
  return {
    clear: () => entries.clear(),
    async get(key: string, build: (now: number) => Promise<Built<T>>): Promise<T> {
      const now = clock()
      const current = version.get()
      const hit = entries.get(key)
      if (hit) {
        const entry = await hit.catch(() => null)
        if (entry && entry.version === current && now < entry.validUntil) return entry.value
      }
      const pending = build(now).then((b) => ({ ...b, version: current }))
      entries.set(key, pending)
      pending.catch(() => {
        if (entries.get(key) === pending) entries.delete(key)
      })
      return (await pending).value
    },
  }
}
export type VersionCache<T> = ReturnType<typeof createVersionCache<T>>
