import { previewValue } from '@dropwise/planner'
import { isRecord } from '../../lib/guards'
import { OPTION_KEYS, type PlannerOptions, type PlannerState } from './planner-state'

/**
 * Planner import and export (spec 001 §5 "Planner import", web-reference §2.9): the planner
 * config format, the depot format and the legacy array.
 */
export const CONFIG_TYPE = '@penguin-statistics/planner/config'
export const DEPOT_TYPE = '@penguin-statistics/depot'

export interface ExportedItem {
  id: string
  have?: number
  need?: number
}

/** The planner config export: only items with a need or a have, zero fields left out. */
export const exportConfig = (state: PlannerState) => ({
  '@type': CONFIG_TYPE,
  items: state.items
    .filter((i) => i.have > 0 || i.need > 0)
    .map((i): ExportedItem => ({ id: i.id, ...(i.have > 0 ? { have: i.have } : {}), ...(i.need > 0 ? { need: i.need } : {}) })),
  options: { ...state.options },
  excludes: [...state.excludes],
})

export const exportConfigText = (state: PlannerState): string => JSON.stringify(exportConfig(state), null, 2)

export type ImportSegmentReason = 'invalidItemSegment' | 'unknownItem'

/** An entry of the import that was skipped, with where it was and why. */
export interface ImportSegmentError {
  /** Position in the imported list (0-based). */
  index: number
  reason: ImportSegmentReason
  /** The entry as text, shortened, for the player to find it. */
  entry: string
}

export type ParsedImport =
  | { ok: false; error: 'invalidJSON' | 'unrecognized' }
  | {
      ok: true
      kind: 'config' | 'depot' | 'legacy'
      items: ExportedItem[]
      options?: Partial<PlannerOptions>
      excludes?: string[]
      errors: ImportSegmentError[]
    }

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0
const isIntCount = (v: unknown): v is number => isCount(v) && Number.isInteger(v)
const own = (o: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(o, key)

/**
 * Parses import text. `nameToId` resolves legacy entries that carry only a name. Invalid entries
 * are skipped and listed in `errors`; the others still import.
 */
export const parseImport = (text: string, nameToId: (name: string) => string | undefined): ParsedImport => {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, error: 'invalidJSON' }
  }
  const errors: ImportSegmentError[] = []
  if (Array.isArray(data)) {
    const items: ExportedItem[] = []
    data.forEach((entry, index) => {
      const fail = (reason: ImportSegmentReason) => errors.push({ index, reason, entry: previewValue(entry) })
      if (!isRecord(entry)) return fail('invalidItemSegment')
      const needOk = own(entry, 'need') && isIntCount(entry.need)
      const haveOk = own(entry, 'have') && isIntCount(entry.have)
      if (!needOk && !haveOk) return fail('invalidItemSegment')
      let id: string | undefined
      if (typeof entry.id === 'string' && entry.id !== '') id = entry.id
      else if (typeof entry.name === 'string' && entry.name !== '') {
        id = nameToId(entry.name)
        if (id === undefined) return fail('unknownItem')
      } else return fail('invalidItemSegment')
      items.push({ id, ...(needOk ? { need: entry.need as number } : {}), ...(haveOk ? { have: entry.have as number } : {}) })
    })
    return { ok: true, kind: 'legacy', items, errors }
  }
  if (!isRecord(data) || (data['@type'] !== CONFIG_TYPE && data['@type'] !== DEPOT_TYPE)) return { ok: false, error: 'unrecognized' }
  const kind = data['@type'] === CONFIG_TYPE ? 'config' : 'depot'
  const items: ExportedItem[] = []
  const list = Array.isArray(data.items) ? data.items : []
  if (data.items !== undefined && !Array.isArray(data.items)) errors.push({ index: 0, reason: 'invalidItemSegment', entry: previewValue(data.items) })
  list.forEach((entry, index) => {
    const fail = () => errors.push({ index, reason: 'invalidItemSegment', entry: previewValue(entry) })
    if (!isRecord(entry) || typeof entry.id !== 'string' || entry.id === '') return fail()
    const have = entry.have ?? undefined
    const need = entry.need ?? undefined
    if ((have !== undefined && !isCount(have)) || (need !== undefined && !isCount(need))) return fail()
    items.push({ id: entry.id, ...(have !== undefined ? { have } : {}), ...(need !== undefined ? { need } : {}) })
  })
  const result: ParsedImport = { ok: true, kind, items, errors }
  if (kind === 'config') {
    if (isRecord(data.options)) {
      const options: Partial<PlannerOptions> = {}
      for (const key of OPTION_KEYS) if (typeof data.options[key] === 'boolean') options[key] = data.options[key]
      result.options = options
    }
    if (Array.isArray(data.excludes)) result.excludes = [...new Set(data.excludes.filter((e): e is string => typeof e === 'string'))]
  }
  return result
}

/**
 * Applies a parsed import to the state. Each offered item matched by id is patched: the depot
 * format overwrites only the values it gives, the others set both (a missing value is 0). The
 * config format also replaces options and excludes when present. Unmatched ids are reported.
 */
export const applyImport = (
  state: PlannerState,
  parsed: Extract<ParsedImport, { ok: true }>,
  offered: ReadonlySet<string>,
): { state: PlannerState; patched: number; unknown: string[] } => {
  const byId = new Map(state.items.map((i) => [i.id, { ...i }]))
  const patchedIds = new Set<string>()
  const unknown: string[] = []
  for (const entry of parsed.items) {
    if (!offered.has(entry.id)) {
      unknown.push(entry.id)
      continue
    }
    const old = byId.get(entry.id) ?? { id: entry.id, have: 0, need: 0 }
    const next =
      parsed.kind === 'depot'
        ? { id: entry.id, have: entry.have ?? old.have, need: entry.need ?? old.need }
        : { id: entry.id, have: entry.have ?? 0, need: entry.need ?? 0 }
    byId.set(entry.id, next)
    patchedIds.add(entry.id)
  }
  const items = [...byId.values()].filter((i) => i.have > 0 || i.need > 0)
  let next: PlannerState = { ...state, items }
  if (parsed.kind === 'config') {
    if (parsed.options) next = { ...next, options: { ...next.options, ...parsed.options } }
    if (parsed.excludes) next = { ...next, excludes: parsed.excludes }
  }
  return { state: next, patched: patchedIds.size, unknown }
}
