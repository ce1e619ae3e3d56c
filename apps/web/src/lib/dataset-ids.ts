/*
 * The dataset ids and the error a malformed answer raises: the part of the dataset registry
 * (./datasets) that the parsers (./dataset-parsers, loaded on demand) also need, kept apart so the two
 * do not import each other.
 */
export const DATASET_IDS = [
  'config',
  'items',
  'stages',
  'zones',
  'period',
  'globalMatrix',
  'globalPatternMatrix',
  'personalMatrix',
  'personalPatternMatrix',
  'trends',
  'stats',
] as const
export type DatasetId = (typeof DATASET_IDS)[number]

export class InvalidStructureError extends Error {
  constructor(detail: string) {
    super(`Invalid structure: ${detail}`)
    this.name = 'InvalidStructureError'
  }
}
