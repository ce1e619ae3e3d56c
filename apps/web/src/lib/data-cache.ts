import { DATASET_IDS } from './datasets'
import type { KeyValue } from './storage'

/**
 * Datasets kept across reloads, per server: one storage entry per (bucket, name) so a large matrix
 * that does not fit never evicts the rest, plus an index entry holding the version marker.
 *
 *   penguin-stats-data            {"v": 2, "keys": ["CN/stages", "_shared/items", ...]}
 *   penguin-stats-data/CN/zones   {"upd": <ms>, "c": <content>}
 *
 * Content over PART_CHARS (the stages list is 1.2 MB) is kept in parts, each written in a task of its
 * own (`schedule`): one write of a megabyte blocks the page for tens of milliseconds on a phone. The
 * head names them; the parts of a new version are written beside the old ones, the head then
 * switches to them and the old parts go, so a reader never sees half of each.
 *
 *   penguin-stats-data/CN/stages        {"upd": <ms>, "parts": 10}
 *   penguin-stats-data/CN/stages#<ms>.0 …the first PART_CHARS of the content's JSON
 */
export const DATA_VERSION = 2
export const STALE_AFTER_MS = 7 * 86_400_000
export const PART_CHARS = 128 * 1024

export interface CacheEntry {
  upd: number
  c: unknown
}

interface Index {
  v: number
  keys: string[]
}

/** Runs a step of a large write later (in its own task); tests pass one that runs it at once. */
export type Schedule = (step: () => void) => void
const nextTask: Schedule = (step) => void setTimeout(step, 0)

export const createDataCache = (storage: KeyValue, indexKey: string, now: () => number = Date.now, schedule: Schedule = nextTask) => {
  const entryKey = (k: string) => `${indexKey}/${k}`
  const partKey = (k: string, upd: number, i: number) => `${entryKey(k)}#${upd}.${i}`
  /** The parts a head names, if it is a head of parts. */
  const partsOf = (raw: string | null): { upd: number; parts: number } | null => {
    const m = raw ? /^\{"upd":(\d+),"parts":(\d+)\}$/.exec(raw) : null
    return m ? { upd: Number(m[1]), parts: Number(m[2]) } : null
  }
  const removeParts = (k: string, head: { upd: number; parts: number } | null) => {
    if (!head) return
    for (let i = 0; i < head.parts; i++) {
      try {
        storage.removeItem(partKey(k, head.upd, i))
      } catch {
        // ignore
      }
    }
  }
  const readRaw = (k: string) => {
    try {
      return storage.getItem(entryKey(k))
    } catch {
      return null
    }
  }
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
    removeParts(k, partsOf(readRaw(k)))
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
        const head = partsOf(raw)
        if (head) {
          const parts: string[] = []
          for (let i = 0; i < head.parts; i++) {
            const part = storage.getItem(partKey(k, head.upd, i))
            if (part === null) throw new Error('a part is missing')
            parts.push(part)
          }
          return { upd: head.upd, c: JSON.parse(parts.join('')) as unknown }
        }
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
      return this.setJson(bucket, name, JSON.stringify(content))
    },
    /**
     * `set` with the content already serialised (by the dataset worker): the entry is built around it.
     * Large content is written in parts, one per scheduled step; the promise settles when it is stored
     * (or given up: storage full).
     */
    setJson(bucket: string, name: string, json: string): Promise<void> {
      const k = `${bucket}/${name}`
      const upd = now()
      const previous = partsOf(readRaw(k))
      /** The head (or the whole small entry) goes in last; then the previous version's parts go. */
      const commit = (value: string, parts: number) => {
        try {
          storage.setItem(entryKey(k), value)
          if (!index.keys.includes(k)) index.keys.push(k)
          // Written in the same millisecond, the new parts took the old keys: only those past them go.
          if (previous && previous.upd === upd) for (let i = parts; i < previous.parts; i++) storage.removeItem(partKey(k, upd, i))
          else removeParts(k, previous)
        } catch {
          drop(k)
        }
        saveIndex()
      }
      if (json.length <= PART_CHARS) {
        commit(`{"upd":${upd},"c":${json}}`, 0)
        return Promise.resolve()
      }
      const count = Math.ceil(json.length / PART_CHARS)
      return new Promise<void>((resolve) => {
        const step = (i: number) => {
          if (i === count) {
            commit(`{"upd":${upd},"parts":${count}}`, count)
            return resolve()
          }
          try {
            storage.setItem(partKey(k, upd, i), json.slice(i * PART_CHARS, (i + 1) * PART_CHARS))
          } catch {
            removeParts(k, { upd, parts: i })
            return resolve()
          }
          schedule(() => step(i + 1))
        }
        schedule(() => step(0))
      })
    },
    /** Remove one entry (a list that changed with the game data). */
    remove(bucket: string, name: string) {
      drop(`${bucket}/${name}`)
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
