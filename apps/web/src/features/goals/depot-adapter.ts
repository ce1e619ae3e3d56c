/**
 * Stand-in for @dropwise/planner's `parseDepot` until it lands (issue 39 §3): the same names and shapes, reading
 * only the Penguin depot document and the plain id → count object. Replaced by a re-export.
 */
export type DepotFormat = 'maa' | 'toolbox' | 'penguin'
export type DepotShape = 'penguin-depot' | 'penguin-config' | 'penguin-legacy' | 'item-map' | 'toolbox-save' | 'maa-result'
export interface UnknownDepotItem {
  id: string
  count: number
  name?: string
}
export interface SkippedDepotEntry {
  at: string
  reason: 'bad-count' | 'no-id' | 'not-an-object'
  entry: string
}
export interface ParsedDepot {
  format: DepotFormat
  shape: DepotShape
  stock: Record<string, number>
  needs?: Record<string, number>
  unknown: UnknownDepotItem[]
  skipped: SkippedDepotEntry[]
}
export type DepotErrorCode = 'empty' | 'invalid-json' | 'unrecognized' | 'no-items'
export class DepotImportError extends Error {
  constructor(
    readonly code: DepotErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'DepotImportError'
  }
}

export interface ParseDepotOptions {
  nameToId?: (name: string) => string | undefined
}

export const parseDepot = (text: string, known: ReadonlySet<string>, _options?: ParseDepotOptions): ParsedDepot => {
  if (!text.trim()) throw new DepotImportError('empty', 'The depot text is empty.')
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new DepotImportError('invalid-json', 'The depot text is not JSON.')
  }
  const stock: Record<string, number> = {}
  const unknown: UnknownDepotItem[] = []
  const skipped: SkippedDepotEntry[] = []
  const put = (id: string, count: unknown, at: string, name?: string) => {
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return void skipped.push({ at, reason: 'bad-count', entry: JSON.stringify(count) })
    if (known.has(id)) stock[id] = count
    else unknown.push({ id, count, ...(name ? { name } : {}) })
  }
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const o = data as Record<string, unknown>
    if (o['@type'] === '@penguin-statistics/depot' && Array.isArray(o.items)) {
      o.items.forEach((e: unknown, i) => {
        const entry = e as { id?: unknown; have?: unknown; name?: unknown }
        if (typeof entry.id !== 'string') return void skipped.push({ at: String(i), reason: 'no-id', entry: JSON.stringify(e) })
        put(entry.id, entry.have ?? 0, String(i), typeof entry.name === 'string' ? entry.name : undefined)
      })
      return { format: 'penguin', shape: 'penguin-depot', stock, unknown, skipped }
    }
    if (Object.values(o).every((v) => typeof v === 'number')) {
      for (const [id, n] of Object.entries(o)) put(id, n, id)
      return { format: 'toolbox', shape: 'item-map', stock, unknown, skipped }
    }
  }
  throw new DepotImportError('unrecognized', 'The text is not a depot export this site reads.')
}
