/** Types, errors and document markers of the depot import (see parse.ts for the formats). */

export type DepotFormat = 'maa' | 'toolbox' | 'penguin'

/** The exact document shape that was read, for the page's wording. */
export type DepotShape = 'penguin-depot' | 'penguin-config' | 'penguin-legacy' | 'item-map' | 'toolbox-save' | 'maa-result'

/** An entry whose id is not one of the known items: kept and named, never dropped silently. */
export interface UnknownDepotItem {
  /** The id (or, for name-only entries, the name) as the file gives it. */
  id: string
  count: number
  /** The name the file gives (MAA writes one), or the key itself when it is a name. */
  name?: string
}

/** An entry that could not be read (a count that is not a number ≥ 0, no id, …), with where it was. */
export interface SkippedDepotEntry {
  /** Array index or object key of the entry. */
  at: string
  reason: 'bad-count' | 'no-id' | 'not-an-object'
  /** The entry as text, shortened to 80 characters. */
  entry: string
}

export interface ParsedDepot {
  format: DepotFormat
  shape: DepotShape
  /** Known item id → count owned (0 kept: "I have none" is information). */
  stock: Record<string, number>
  /** Known item id → count needed, when the file carries needs (planner config, legacy array, toolbox save, a depot
   * document whose entries have `need`). */
  needs?: Record<string, number>
  unknown: UnknownDepotItem[]
  skipped: SkippedDepotEntry[]
}

export type DepotErrorCode = 'empty' | 'invalid-json' | 'unrecognized' | 'no-items'

const ERROR_MESSAGES: Record<DepotErrorCode, string> = {
  empty: 'The depot text is empty.',
  'invalid-json': 'The depot text is not JSON (nor the Base64 of JSON that the toolbox saves).',
  unrecognized:
    'The text is JSON but none of the depot formats read here: a Penguin planner or depot document, an item id → count object (toolbox, MAA), toolbox saved data or an MAA depot result.',
  'no-items': 'The depot file has no item with a count that could be read.',
}

/** Why a depot text could not be read: `code` for the page's translated message, `message` in English. */
export class DepotImportError extends Error {
  readonly code: DepotErrorCode
  constructor(code: DepotErrorCode, detail?: string) {
    super(detail ? `${ERROR_MESSAGES[code]} ${detail}` : ERROR_MESSAGES[code])
    this.name = 'DepotImportError'
    this.code = code
  }
}

export interface ParseDepotOptions {
  /** Resolves a name-only entry (legacy array, old name-keyed toolbox data) to an item id. */
  nameToId?: (name: string) => string | undefined
}

export const PENGUIN_DEPOT_TYPE = '@penguin-statistics/depot'
export const PENGUIN_CONFIG_TYPE = '@penguin-statistics/planner/config'
