/**
 * The version of the aggregated statistics. The aggregation worker bumps it after each committed
 * batch (and after recalls); caches of global results compare against it. In a multi-process
 * deployment followers learn of new versions through Redis pub/sub or by polling the version row.
 */
export interface DataVersion {
  get(): number
  /** Sets a newer version (ignored when not newer) and notifies subscribers. */
  advance(version: number): void
  subscribe(listener: (version: number) => void): () => void
}

export const createDataVersion = (initial = 0): DataVersion => {
  let current = initial
  const listeners = new Set<(version: number) => void>()
  return {
    get: () => current,
    advance(version) {
      if (version <= current) return
      current = version
      for (const l of listeners) l(version)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
