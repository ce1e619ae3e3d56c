import { createHash } from 'node:crypto'
import { NO_END_MS, SERVERS, type Existence, type I18n, type Item, type Server } from '@dropwise/schemas'
import type { DropInfoRecord, StageRecord } from '../catalog/catalog.types'

/** The reference data the assets follow (the catalog's current snapshot). */
export interface ReferenceData {
  stages: readonly StageRecord[]
  dropInfos: readonly DropInfoRecord[]
  items: readonly Item[]
}

/**
 * What the recognizer pack's stage index is made of (`stagesFromSeed` of `@dropwise/recognizer-pack`,
 * run in the build worker): the seed's shape, reduced to the fields the index reads.
 */
export interface StageData {
  stages: { stageId: string; code_i18n: Record<string, string>; existence: Existence }[]
  dropInfos: { server: Server; stageId: string; itemId: string | null; dropType: DropInfoRecord['dropType']; end: number | null; inferred?: string[] }[]
  items: { itemId: string; existence: Existence }[]
}

/**
 * The stage data of the current reference data, in the seed's order (stages by id, as `stages.json`
 * is sorted), so the seed's own data gives the same index as the seed files did.
 */
export const stageDataOf = (data: ReferenceData): StageData => ({
  stages: [...data.stages]
    .sort((a, b) => (a.stageId < b.stageId ? -1 : a.stageId > b.stageId ? 1 : 0))
    .map((s) => ({ stageId: s.stageId, code_i18n: { ...s.code_i18n }, existence: s.existence })),
  dropInfos: data.dropInfos.map((d) => ({
    server: d.server,
    stageId: d.stageId,
    itemId: d.itemId,
    dropType: d.dropType,
    end: d.endAt >= NO_END_MS ? null : d.endAt,
    ...(d.inferred && d.inferred.length > 0 ? { inferred: [...d.inferred] } : {}),
  })),
  items: data.items.map((i) => ({ itemId: i.itemId, existence: i.existence })),
})

/** SHA-256 of the stage data (part of the build key: new stages, codes or drops rebuild the pack). */
export const stageDataHash = (data: StageData) => createHash('sha256').update(JSON.stringify(data)).digest('hex')

/** Penguin's recruitment pseudo-stage: its "drops" are recruitment tags, never read from a battle screenshot. */
const NOT_A_BATTLE = new Set(['recruit'])

/** An item the recognizer should be able to read, and the servers where a stage drops it now or later. */
export interface WantedItem {
  itemId: string
  name_i18n: I18n
  servers: Server[]
}

/**
 * Items a screenshot may show now or later: those of a drop info (not furniture) that is open at
 * `now` or opens later, on a battle stage, known to the item list. Items of closed windows only are
 * left out: their event is over, and no template for them may ever be published.
 */
export const wantedItems = (data: ReferenceData, now: number): WantedItem[] => {
  const items = new Map(data.items.map((i) => [i.itemId, i]))
  const servers = new Map<string, Set<Server>>()
  for (const d of data.dropInfos) {
    if (d.itemId === null || d.itemId === 'furni' || d.dropType === 'FURNITURE' || d.endAt <= now || NOT_A_BATTLE.has(d.stageId)) continue
    if (!items.has(d.itemId)) continue
    const set = servers.get(d.itemId) ?? new Set<Server>()
    servers.set(d.itemId, set)
    set.add(d.server)
  }
  return [...servers]
    .map(([itemId, on]) => ({ itemId, name_i18n: items.get(itemId)!.name_i18n, servers: SERVERS.filter((s) => on.has(s)) }))
    .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0))
}

/** The wanted items the pack has no template for. */
export const unreadableItems = (wanted: readonly WantedItem[], packItems: ReadonlySet<string>): WantedItem[] => wanted.filter((w) => !packItems.has(w.itemId))
