import type { DatasetId } from './dataset-ids'

/** A dataset, or the notices (GET /notice, not cached as a dataset but checked the same way). */
export type Decodable = DatasetId | 'notices'

/** Messages between the page (dataset-decoder.ts) and the dataset worker (dataset.worker.ts). */
export interface ToDecoder {
  id: number
  dataset: Decodable
  text: string
  want: DecodeWants
}
export type FromDecoder = { id: number; ok: true; data?: unknown; json?: string } | { id: number; ok: false; name: string; message: string }

/**
 * What the caller needs back: the parsed data (copied to the page), its JSON for the data cache, or
 * both. Data not asked for never crosses to the page, so a dataset only being stored costs the page
 * no parsing at all.
 */
export interface DecodeWants {
  data: boolean
  json: boolean
}
