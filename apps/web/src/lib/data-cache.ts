import { DATASET_IDS } from './datasets'
import type { KeyValue } from './storage'

/**
 * Datasets kept across reloads, per server: one storage entry per (bucket, name) so a large matrix
 * that does not fit never evicts the rest, plus an index entry holding the version marker.
 *
 *   penguin-stats-data            {"v": 2, "keys": ["CN/stages", "_shared/items", ...]}
 *   penguin-stats-data/CN/stages  {"upd": <ms>, "c": <content>}
 */
export const DATA_VERSION = 2
export const STALE_AFTER_MS = 7 * 86_400_000

export interface CacheEntry {
  upd: number
  c: unknown
}

interface Index {
  v: number
  keys: string[]
}

export const createDataCache = (storage: KeyValue, indexKey: string, now: () => number = Date.now) => {
  const entryKey = (k: string) => `${indexKey}/${k}`
  const readIndex = (): Index => {
    try {
      const raw = storage.getItem(indexKey)
      const parsed = raw ? (JSON.parse(raw) as Partial<Index>) : null
      if (parsed && parsed.v === DATA_VERSION && Array.isArray(parsed.keys)) return { v: DATA_VERSION, keys: parsed.keys.filter((k) => typeof k === 'string') }
    } catch {
      // unreadable: start over
    }
    return { v: DATA_VERSION, keys: [] }
  }
  let index = readIndex()
  const saveIndex = () => {
    try {
      storage.setItem(indexKey, JSON.stringify(index))
    } catch {
      // storage full: the data simply will not survive a reload
    }
  }
  const drop = (k: string) => {
    try {
      storage.removeItem(entryKey(k))
    } catch {
      // ignore
    }
    index.keys = index.keys.filter((x) => x !== k)
  }

  return {
    get(bucket: string, name: string): CacheEntry | undefined {
      const k = `${bucket}/${name}`
      if (!index.keys.includes(k)) return undefined
      try {
        const raw = storage.getItem(entryKey(k))
        const entry = raw ? (JSON.parse(raw) as CacheEntry) : undefined
        if (entry && typeof entry.upd === 'number') return entry
      } catch {
        // fall through
      }
      drop(k)
      saveIndex()
      return undefined
    },
    /** When an entry was stored, read from the start of its text without parsing the (large) content. */
    updatedAt(bucket: string, name: string): number | undefined {
      const k = `${bucket}/${name}`
      if (!index.keys.includes(k)) return undefined
      let raw: string | null = null
      try {
        raw = storage.getItem(entryKey(k))
      } catch {
        return undefined
      }
      const m = raw ? /^\{"upd":(\d+),/.exec(raw.slice(0, 32)) : null
      return m ? Number(m[1]) : undefined
    },
    set(bucket: string, name: string, content: unknown) {
      this.setJson(bucket, name, JSON.stringify(content))
    },
    /** `set` with the content already serialised (by the dataset worker): the entry is built around it. */
    setJson(bucket: string, name: string, json: string) {
      const k = `${bucket}/${name}`
      try {
        storage.setItem(entryKey(k), `{"upd":${now()},"c":${json}}`)
        if (!index.keys.includes(k)) index.keys.push(k)
      } catch {
        drop(k)
      }
      saveIndex()
    },
    /** Remove one bucket (a server being left) or everything. */
    clear(bucket?: string) {
      for (const k of [...index.keys]) if (bucket === undefined || k.startsWith(`${bucket}/`)) drop(k)
      saveIndex()
    },
    buckets: () => [...new Set(index.keys.map((k) => k.split('/')[0]!))],
    /**
     * Start-up housekeeping: the public client's single-object format (marker missing or not 2)
     * and its legacy keys go; entries of unknown datasets or older than a week go.
     */
    migrate(legacyKeys: string[]) {
      for (const key of legacyKeys) {
        try {
          storage.removeItem(key)
        } catch {
          // ignore
        }
      }
      let raw: string | null = null
      try {
        raw = storage.getItem(indexKey)
      } catch {
        raw = null
      }
      let marker: unknown
      try {
        marker = raw ? (JSON.parse(raw) as { v?: unknown; meta?: { v?: unknown } }).v : undefined
      } catch {
        marker = undefined
      }
      if (raw !== null && marker !== DATA_VERSION) {
        try {
          storage.removeItem(indexKey)
        } catch {
          // ignore
        }
      }
      index = readIndex()
      const known = new Set<string>(DATASET_IDS)
      for (const k of [...index.keys]) {
        const name = (k.split('/')[1] ?? '').split(':')[0] ?? ''
        if (!known.has(name)) {
          drop(k)
          continue
        }
        const entry = this.get(k.split('/')[0]!, k.slice(k.indexOf('/') + 1))
        if (entry && now() - entry.upd > STALE_AFTER_MS) drop(k)
      }
      saveIndex()
    },
  }
}
export type DataCache = ReturnType<typeof createDataCache>
