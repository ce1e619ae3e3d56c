import { NO_END_MS, type Existence, type Item, type Server } from '@dropwise/schemas'
import type { CatalogRepository } from '../modules/catalog/catalog.repository'
import { createCatalogService } from '../modules/catalog/catalog.service'
import type { DropInfoRecord, StageRecord } from '../modules/catalog/catalog.types'

/** Fake-repository tests: the real catalog service over reference data held in memory. */

const EXISTS: Existence = { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } }

export const fakeItem = (itemId: string, sortId: number): Item => ({
  itemId,
  name: itemId,
  name_i18n: { zh: itemId, en: itemId, ja: itemId, ko: itemId },
  existence: EXISTS,
  itemType: 'MATERIAL',
  sortId,
  rarity: 0,
  groupID: null,
  alias: null,
  pron: null,
})

export const fakeStage = (stageId: string, opts: Partial<StageRecord> = {}): StageRecord => ({
  stageId,
  zoneId: 'main_0',
  stageType: 'MAIN',
  code_i18n: { zh: stageId, en: stageId, ja: stageId, ko: stageId },
  apCost: 6,
  minClearTime: null,
  existence: EXISTS,
  isGacha: false,
  ...opts,
})

/** An item-level NORMAL_DROP entry, open-ended unless `endAt` is given. */
export const fakeDropInfo = (server: Server, stageId: string, itemId: string | null, opts: Partial<DropInfoRecord> = {}): DropInfoRecord => ({
  server,
  stageId,
  itemId,
  dropType: 'NORMAL_DROP',
  lowerBound: 0,
  upperBound: 3,
  exceptions: null,
  startAt: 0,
  endAt: NO_END_MS,
  accumulable: false,
  ...opts,
})

export interface FakeCatalogData {
  items?: Item[]
  stages?: StageRecord[]
  dropInfos?: DropInfoRecord[]
  properties?: Record<string, unknown>
  /** The game-data version the tables belong to (1, the seed's, by default). */
  dataVersion?: number
}

export const fakeCatalogRepository = (data: FakeCatalogData): CatalogRepository => ({
  items: async () => data.items ?? [],
  zones: async () => [],
  stages: async () => data.stages ?? [],
  dropInfos: async () => data.dropInfos ?? [],
  dropInfosOf: async (groups) => (data.dropInfos ?? []).filter((d) => groups.some((g) => g.server === d.server && g.stageId === d.stageId)),
  periods: async () => [],
  formulas: async () => [],
  notices: async () => [],
  dataVersion: async () => data.dataVersion ?? 1,
  property: async (key) => (data.properties && key in data.properties ? { value: data.properties[key], updatedAt: 0 } : null),
})

export const fakeCatalog = (data: FakeCatalogData, clock: () => number = () => 0) => createCatalogService({ repository: fakeCatalogRepository(data), clock })
