import { createHash } from 'node:crypto'
import type { Item, Server, Zone } from '@dropwise/schemas'
import type { DropInfoRecord, StageRecord } from './catalog.types'

/** A serialised JSON body and when the data behind it was built (for Last-Modified). */
export interface CachedBody {
  body: string
  builtAt: number
  /** The HTTP validator of a reference list: the game-data version it was read under and a hash of the body. */
  etag?: string
}

/** Names on every v2 answer the game-data version of the reference data answering it (docs/api-extensions.md §3j). */
export const DATA_VERSION_HEADER = 'X-Dropwise-Data-Version'

/**
 * `W/"<game-data version>-<hash>"`: a new data version always gives a new validator (a cache revalidating
 * after a sync never keeps the old list), and every process derives the same one from the same body.
 * Weak: the compression plugin may send the same list in another encoding.
 */
export const referenceEtag = (dataVersion: number, body: string) => `W/"${dataVersion}-${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`

/** A server's rendered stage list, with the snapshot it was cut from. */
export interface StageCacheEntry {
  entry: CachedBody
  validUntil: number
  from: Snapshot
}

/** The reference data held in memory, read under one game-data version. */
export interface Snapshot {
  builtAt: number
  /** The game-data version the tables were read under (issue 36). */
  dataVersion: number
  items: Item[]
  itemsById: Map<string, Item>
  itemsBody: string
  itemsEtag: string
  zones: Zone[]
  zonesById: Map<string, Zone>
  zonesBody: string
  zonesEtag: string
  stages: Map<string, StageRecord>
  /** server → stageId → drop infos of that stage on that server */
  infos: Record<Server, Map<string, DropInfoRecord[]>>
  /** server → instants where some drop info starts or ends (sorted): the stage list changes only there */
  boundaries: Record<Server, number[]>
  periodsBody: string
  periodsEtag: string
  formulasBody: string
}

/** The drop infos of one stage on one server. */
export interface DropInfoGroup {
  server: Server
  stageId: string
}
