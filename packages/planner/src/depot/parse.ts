/**
 * Depot import: the player's stock from the text another tool exports (pasted or read from a file).
 *
 * Formats read, each checked against the code of the tool that writes it:
 *
 * - `penguin` — Penguin Statistics' planner documents, the ones its planner import reads
 *   (frontend-v2 `src/utils/unmarshaller.js`):
 *   - `{"@type": "@penguin-statistics/depot", "items": [{"id", "have", "name"?}]}`. This is also exactly what MAA's
 *     "export to ArkPlanner" button copies (MAA fills the document's `items` with `{id, have, name}` for every item it
 *     recognised), so a pasted MAA export reads as `penguin` with shape `penguin-depot`.
 *   - `{"@type": "@penguin-statistics/planner/config", "items": [{"id", "have"?, "need"?}], "options", "excludes"}`:
 *     Penguin's planner export, which the Dropwise planner also writes.
 *   - the legacy array `[{"id" | "name", "have"?, "need"?}]` (integer counts; `name` is a Chinese item name).
 * - `toolbox` — arkntools' arknights-toolbox (arkn.lolicon.app) material page:
 *   - its "import from JSON" object, item id → count: `{"30012": 120, "2004": 31}`. MAA's "export to Lolicon"
 *     (一图流) button copies this same object. Shape `item-map`.
 *   - its saved data ("data sync" → save), `{"inputs": {id: [need, have] | {need, have}}, "presets", …}`, as JSON or
 *     in the Base64 the toolbox shows. Shape `toolbox-save`.
 * - `maa` — MAA's raw depot-recognition message (what its callback, log and maa-cli print):
 *   `{"details": {"arkplanner": {"object": {…depot…}, "data": "…"}, "lolicon": {"object": {…}, "data": "…"}}}` or
 *   its `details` alone. Shape `maa-result`.
 *
 * A JSON string holding one of these (MAA's `data` fields, copied with their quotes) is read through.
 */
import { Collector, decodeBase64, isMaaDetails, isRecord, maaPart, parseJson, preview, readItemMap, readLegacy, readPenguinItems, readToolboxSave } from './readers'
import { DepotImportError, PENGUIN_CONFIG_TYPE, PENGUIN_DEPOT_TYPE, type ParseDepotOptions, type ParsedDepot } from './types'

/**
 * Reads a depot export (see the module comment for the formats). Entries whose id is not in `knownItemIds` go to
 * `unknown` with their count and name; entries that cannot be read go to `skipped`; both are for the page to show.
 *
 * @throws {DepotImportError} when the text is empty, not JSON, none of the formats, or has no readable entry.
 */
export const parseDepot = (text: string, knownItemIds: ReadonlySet<string>, options: ParseDepotOptions = {}): ParsedDepot => {
  const trimmed = text.replace(/^\uFEFF/, '').trim()
  if (trimmed === '') throw new DepotImportError('empty')
  let parsed = parseJson(trimmed)
  let fromBase64 = false
  if (!parsed.ok) {
    const decoded = decodeBase64(trimmed)
    if (decoded !== undefined) {
      parsed = parseJson(decoded)
      fromBase64 = parsed.ok
    }
  }
  if (!parsed.ok) throw new DepotImportError('invalid-json')
  let data = parsed.value
  // MAA's `data` fields are JSON text; copied with their quotes they parse to a string holding the document.
  if (typeof data === 'string') {
    const inner = parseJson(data.trim())
    if (!inner.ok) throw new DepotImportError('unrecognized')
    data = inner.value
  }
  const c = new Collector(knownItemIds, options.nameToId)

  if (Array.isArray(data)) {
    readLegacy(c, data)
    return c.result('penguin', 'penguin-legacy')
  }
  if (!isRecord(data)) throw new DepotImportError('unrecognized')

  if (data['@type'] === PENGUIN_DEPOT_TYPE || data['@type'] === PENGUIN_CONFIG_TYPE) {
    const isConfig = data['@type'] === PENGUIN_CONFIG_TYPE
    // Penguin's planner also takes `need` from a depot document when an entry has one (its patch mode).
    readPenguinItems(c, data.items, true)
    return c.result('penguin', isConfig ? 'penguin-config' : 'penguin-depot')
  }
  if (typeof data['@type'] === 'string') throw new DepotImportError('unrecognized', `Its "@type" is "${preview(data['@type'])}".`)

  const details = isMaaDetails(data) ? data : isMaaDetails(data.details) && isRecord(data.details) ? data.details : undefined
  if (details) {
    const planner = maaPart(details.arkplanner)
    if (isRecord(planner) && Array.isArray(planner.items)) {
      readPenguinItems(c, planner.items, false)
      return c.result('maa', 'maa-result')
    }
    const map = maaPart(details.lolicon)
    if (isRecord(map)) {
      readItemMap(c, map)
      return c.result('maa', 'maa-result')
    }
    throw new DepotImportError('no-items')
  }

  if (isRecord(data.inputs)) {
    readToolboxSave(c, data.inputs)
    return c.result('toolbox', 'toolbox-save')
  }
  if (fromBase64) throw new DepotImportError('unrecognized')
  // An item id → count object. Every value must be a number for it to be taken for one: an object holding anything
  // else is some other file, not a depot (a negative or fractional-looking count is still skipped one by one).
  const values = Object.values(data)
  if (values.length > 0 && values.every((v) => typeof v === 'number')) {
    readItemMap(c, data)
    return c.result('toolbox', 'item-map')
  }
  throw new DepotImportError('unrecognized')
}
