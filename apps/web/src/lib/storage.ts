/**
 * Key-value storage with the spec's fallback chain: localStorage, then sessionStorage, then memory.
 * Each operation tries the current backend; on an exception it walks down the chain and sticks to
 * the first one that works. When nothing but memory works, `onDegraded` fires once.
 */
export interface KeyValue {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export const createMemoryStorage = (): KeyValue & { clear(): void } => {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  }
}

export type StorageKind = 'local' | 'session' | 'memory'

export interface FallbackStorage extends KeyValue {
  readonly kind: StorageKind
}

export const createFallbackStorage = (backends: { kind: StorageKind; get: () => KeyValue }[], onDegraded: () => void): FallbackStorage => {
  let index = 0
  let warned = false
  const probe = '__dropwise_probe__'
  const usable = (i: number) => {
    try {
      const s = backends[i]!.get()
      s.setItem(probe, probe)
      s.removeItem(probe)
      return true
    } catch {
      return false
    }
  }
  while (index < backends.length - 1 && !usable(index)) index++
  const degrade = () => {
    if (!warned && index > 0 && backends[index]?.kind === 'memory') {
      warned = true
      onDegraded()
    }
  }
  degrade()
  const run = <T>(op: (s: KeyValue) => T): T => {
    for (;;) {
      try {
        return op(backends[index]!.get())
      } catch (err) {
        if (index >= backends.length - 1) throw err
        index++
        degrade()
      }
    }
  }
  return {
    get kind() {
      return backends[index]!.kind
    },
    getItem: (k) => run((s) => s.getItem(k)),
    setItem: (k, v) => run((s) => s.setItem(k, v)),
    removeItem: (k) => run((s) => s.removeItem(k)),
  }
}

const memory = createMemoryStorage()
const degradedListeners = new Set<() => void>()
let degraded = false

/** The app's storage: subscribers hear once that settings will not survive a reload. */
export const storage: FallbackStorage = createFallbackStorage(
  // Outside a browser (the build's pre-render) memory alone, without the warning.
  typeof window === 'undefined'
    ? [{ kind: 'memory', get: () => memory }]
    : [
        { kind: 'local', get: () => window.localStorage },
        { kind: 'session', get: () => window.sessionStorage },
        { kind: 'memory', get: () => memory },
      ],
  () => {
    degraded = true
    degradedListeners.forEach((l) => l())
  },
)

export const onStorageDegraded = (listener: () => void) => {
  if (degraded) listener()
  degradedListeners.add(listener)
  return () => void degradedListeners.delete(listener)
}

export const readJson = <T>(key: string): T | undefined => {
  try {
    const raw = storage.getItem(key)
    return raw === null ? undefined : (JSON.parse(raw) as T)
  } catch {
    return undefined
  }
}

export const writeJson = (key: string, value: unknown) => {
  try {
    storage.setItem(key, JSON.stringify(value))
  } catch {
    // Quota exceeded even in memory is impossible; a full local storage must not break the app.
  }
}

/** Storage keys (the public client's names, so a visitor's old settings carry over). */
export const STORAGE_KEYS = {
  data: 'penguin-stats-data',
  gameDataVersion: 'penguin-stats-game-data-version',
  dataSource: 'penguin-stats-data-source',
  settings: 'penguin-stats-settings',
  auth: 'penguin-stats-auth',
  mirror: 'penguin-stats-mirror',
  legacyState: 'penguin-stats-state',
  legacyCacheTtl: 'penguin-stats-cacheTTL',
  legacyCache: 'penguin-stats-cache',
} as const
