/** The readers of each depot document shape, and the collector that sorts entries into stock, needs and unknowns. */
import { DepotImportError, type DepotFormat, type DepotShape, type ParsedDepot, type SkippedDepotEntry, type UnknownDepotItem } from './types'

export type Json = unknown
export const isRecord = (v: Json): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v)
export const isCount = (v: Json): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0
/** A count in the toolbox's saved inputs: a number or a digit string ('' is 0, as the toolbox reads it). */
export const toolboxCount = (v: Json): number | undefined => {
  if (isCount(v)) return v
  if (v === '' || v === undefined || v === null) return 0
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v)
  return undefined
}
/** A short text of a value for messages: its JSON, cut to 80 characters. */
export const preview = (v: Json): string => {
  let text: string
  try {
    text = JSON.stringify(v) ?? String(v)
  } catch {
    text = String(v)
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}
/** Item ids are digits or snake_case words (`30012`, `mod_unlock_token`); anything else is taken for a name. */
export const looksLikeId = (key: string): boolean => /^[A-Za-z0-9_]+$/.test(key)

/** Collects entries, sorting them into known stock/needs and unknown ids. */
export class Collector {
  readonly stock: Record<string, number> = {}
  readonly needs: Record<string, number> = {}
  readonly unknown = new Map<string, UnknownDepotItem>()
  readonly skipped: SkippedDepotEntry[] = []
  private hasNeeds = false
  constructor(
    private readonly known: ReadonlySet<string>,
    private readonly nameToId: ((name: string) => string | undefined) | undefined,
  ) {}

  /** Adds one entry by id, or by name when `id` is missing. A later entry of the same id replaces an earlier one. */
  add(ref: { id?: string; name?: string }, have: number | undefined, need?: number): void {
    let id = ref.id
    if (id === undefined && ref.name !== undefined) id = this.nameToId?.(ref.name)
    if (id !== undefined && this.known.has(id)) {
      if (have !== undefined) this.stock[id] = have
      if (need !== undefined) {
        this.needs[id] = need
        this.hasNeeds = true
      }
      return
    }
    const key = ref.id ?? ref.name ?? ''
    this.unknown.set(key, { id: key, count: have ?? 0, ...(ref.name !== undefined ? { name: ref.name } : {}) })
  }

  skip(at: string | number, reason: SkippedDepotEntry['reason'], entry: Json): void {
    this.skipped.push({ at: String(at), reason, entry: preview(entry) })
  }

  result(format: DepotFormat, shape: DepotShape): ParsedDepot {
    if (Object.keys(this.stock).length === 0 && !this.hasNeeds && this.unknown.size === 0) {
      throw new DepotImportError('no-items', this.skipped.length > 0 ? `${this.skipped.length} entries could not be read.` : undefined)
    }
    return {
      format,
      shape,
      stock: this.stock,
      ...(this.hasNeeds ? { needs: this.needs } : {}),
      unknown: [...this.unknown.values()],
      skipped: this.skipped,
    }
  }
}

export const readPenguinItems = (c: Collector, items: Json, withNeeds: boolean): void => {
  if (items === undefined) return
  if (!Array.isArray(items)) return c.skip('items', 'not-an-object', items)
  items.forEach((entry: Json, index) => {
    if (!isRecord(entry)) return c.skip(index, 'not-an-object', entry)
    if (typeof entry.id !== 'string' || entry.id === '') return c.skip(index, 'no-id', entry)
    const have = entry.have ?? undefined
    const need = entry.need ?? undefined
    if ((have !== undefined && !isCount(have)) || (need !== undefined && !isCount(need))) return c.skip(index, 'bad-count', entry)
    const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : undefined
    c.add({ id: entry.id, ...(name !== undefined ? { name } : {}) }, have, withNeeds ? need : undefined)
  })
}

export const readLegacy = (c: Collector, list: Json[]): void => {
  list.forEach((entry, index) => {
    if (!isRecord(entry)) return c.skip(index, 'not-an-object', entry)
    const isInt = (v: Json): v is number => isCount(v) && Number.isInteger(v)
    const have = isInt(entry.have) ? entry.have : undefined
    const need = isInt(entry.need) ? entry.need : undefined
    if (have === undefined && need === undefined) return c.skip(index, 'bad-count', entry)
    const id = typeof entry.id === 'string' && entry.id !== '' ? entry.id : undefined
    const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : undefined
    if (id === undefined && name === undefined) return c.skip(index, 'no-id', entry)
    // Penguin's legacy import sets both counts, a missing one being 0.
    c.add(id !== undefined ? { id } : { name }, have ?? 0, need ?? 0)
  })
}

export const readItemMap = (c: Collector, map: Record<string, Json>): void => {
  for (const [key, value] of Object.entries(map)) {
    if (!isCount(value)) {
      c.skip(key, 'bad-count', value)
      continue
    }
    c.add(looksLikeId(key) ? { id: key } : { name: key }, value)
  }
}

export const readToolboxSave = (c: Collector, inputs: Record<string, Json>): void => {
  for (const [key, value] of Object.entries(inputs)) {
    let need: number | undefined
    let have: number | undefined
    if (Array.isArray(value)) {
      need = toolboxCount(value[0])
      have = toolboxCount(value[1])
    } else if (isRecord(value)) {
      need = toolboxCount(value.need)
      have = toolboxCount(value.have)
    } else {
      c.skip(key, 'not-an-object', value)
      continue
    }
    if (need === undefined || have === undefined) {
      c.skip(key, 'bad-count', value)
      continue
    }
    c.add(looksLikeId(key) ? { id: key } : { name: key }, have, need)
  }
}

/** MAA's `{object, data}` pair: the object when present, else the JSON text of `data`. */
export const maaPart = (part: Json): Json => {
  if (!isRecord(part)) return undefined
  if (part.object !== undefined) return part.object
  if (typeof part.data === 'string') {
    try {
      return JSON.parse(part.data) as Json
    } catch {
      return undefined
    }
  }
  return undefined
}

export const isMaaDetails = (v: Json): boolean => isRecord(v) && (isRecord(v.arkplanner) || isRecord(v.lolicon))

export const decodeBase64 = (text: string): string | undefined => {
  const compact = text.replace(/\s+/g, '')
  if (compact.length < 4 || !/^[A-Za-z0-9+/_-]+=*$/.test(compact)) return undefined
  try {
    const binary = atob(compact.replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

export const parseJson = (text: string): { ok: true; value: Json } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as Json }
  } catch {
    return { ok: false }
  }
}
