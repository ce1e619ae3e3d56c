/**
 * Reference data for the web app's unit tests (tests only): whole objects of the wire shapes with
 * neutral defaults, so a test states only the fields it is about (`over` wins over every default).
 */
import type { Existence, I18n, Item, MatrixElement, Stage, Zone } from '@dropwise/schemas'

/** The same text in every language. */
export const i18n = (text: string): I18n => ({ zh: text, en: text, ja: text, ko: text })

/** Open on every server, with no time limits. */
export const everywhere: Existence = { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } }

/** A material named after its id, open everywhere. */
export const buildItem = (itemId: string, over: Partial<Item> = {}): Item => ({
  itemId,
  name: itemId,
  name_i18n: i18n(itemId),
  existence: everywhere,
  itemType: 'MATERIAL',
  sortId: 1,
  rarity: 2,
  groupID: null,
  alias: null,
  pron: null,
  ...over,
})

/** A main-story stage of 18 sanity, open everywhere; its code is its id unless `over.code` says otherwise. */
export const buildStage = (stageId: string, over: Partial<Stage> = {}): Stage => {
  const code = over.code ?? stageId
  return { stageId, zoneId: 'main_1', stageType: 'MAIN', code, code_i18n: i18n(code), apCost: 18, existence: everywhere, minClearTime: null, ...over }
}

/** A main-story zone named after its id (or `over.zoneName`), open everywhere, with no stages. */
export const buildZone = (zoneId: string, over: Partial<Zone> = {}): Zone => {
  const zoneName = over.zoneName ?? zoneId
  return { zoneId, zoneIndex: 0, type: 'MAINLINE', subType: null, zoneName, zoneName_i18n: i18n(zoneName), existence: everywhere, background: null, stages: [], ...over }
}

/** One element of a drop matrix: nothing sampled, since the epoch, still running. */
export const buildMatrixElement = (stageId: string, itemId: string, over: Partial<MatrixElement> = {}): MatrixElement => ({
  stageId,
  itemId,
  times: 0,
  quantity: 0,
  stdDev: 0,
  start: 0,
  end: null,
  ...over,
})
