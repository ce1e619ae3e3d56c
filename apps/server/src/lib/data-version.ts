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

/**
 * A version of this process's own that moves by one whenever `source` moves or `bump()` is called: for
 * caches of answers that read more than one kind of data (the matrix reads the aggregates and the drop
 * infos, which a new game-data version changes). Never compared with a stored version.
 */
export const createFollowingVersion = (source: DataVersion): DataVersion & { bump(): void } => {
  const own = createDataVersion(0)
  const bump = () => own.advance(own.get() + 1)
  source.subscribe(bump)
  return { get: own.get, advance: own.advance, subscribe: own.subscribe, bump }
}
