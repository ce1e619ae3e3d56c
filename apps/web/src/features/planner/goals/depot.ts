import { DepotImportError, parseDepot, type DepotErrorCode, type ParsedDepot } from '@dropwise/planner'

/** A depot text read: the parse, or the reason it could not be read (a translation key's last part). */
export type DepotReading = { ok: true; depot: ParsedDepot } | { ok: false; error: DepotErrorCode | 'unknown' }

export const readDepot = (text: string, known: ReadonlySet<string>, nameToId?: (name: string) => string | undefined): DepotReading => {
  try {
    return { ok: true, depot: parseDepot(text, known, nameToId ? { nameToId } : undefined) }
  } catch (err) {
    if (err instanceof DepotImportError) return { ok: false, error: err.code }
    return { ok: false, error: 'unknown' }
  }
}

/**
 * The stock after an import: `replace` keeps only what the export lists; `merge` sets the items it lists and keeps
 * the others. Zero counts are not kept (an item not in the stock has none).
 */
export const applyStock = (stock: Readonly<Record<string, number>>, imported: Readonly<Record<string, number>>, mode: 'replace' | 'merge'): Record<string, number> => {
  const next: Record<string, number> = mode === 'replace' ? {} : { ...stock }
  for (const [id, n] of Object.entries(imported)) next[id] = n
  return Object.fromEntries(Object.entries(next).filter(([, n]) => n > 0))
}
