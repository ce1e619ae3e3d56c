import { SERVERS } from '@dropwise/schemas'
import { referenceAnswer20241017, type FakeUpstream } from './fake-upstream'

/**
 * A fake upstream's reference answers (`/stages?server=X`, `/zones`, `/items`): the real penguin-api answers of
 * 2024-10-17 for every server, plus one new event stage with a new zone and item the game-data sources do not know.
 */
export const DAY = 86_400_000
export const NEW_STAGE = 'act99up_01'
export const NEW_ZONE = 'act99up_zone1'
export const NEW_ITEM = 'act99up_token'
/** When the new stage's window is set around (a day before it opened, two weeks before it closes). */
export const T = Date.now()
const i18n = (s: string) => ({ zh: s, en: s, ja: s, ko: s })
const closed = { exist: false }

/** The new event stage the upstream knows and the game-data sources do not: open on CN only, for two weeks. */
export const newStage = {
  stageId: NEW_STAGE,
  zoneId: NEW_ZONE,
  stageType: 'ACTIVITY',
  code: 'UP-1',
  code_i18n: i18n('UP-1'),
  apCost: 18,
  existence: { CN: { exist: true, openTime: T - DAY, closeTime: T + 14 * DAY }, US: closed, JP: closed, KR: closed },
  minClearTime: 90_000,
  dropInfos: [
    { dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 2 } },
    { itemId: '30012', dropType: 'NORMAL_DROP', bounds: { lower: 0, upper: 3 } },
    { itemId: NEW_ITEM, dropType: 'NORMAL_DROP', bounds: { lower: 0, upper: 12, exceptions: [11] } },
  ],
}
export const newZone = {
  zoneId: NEW_ZONE,
  zoneIndex: 999,
  type: 'ACTIVITY',
  subType: null,
  zoneName: '上游活动',
  zoneName_i18n: i18n('Upstream Event'),
  existence: newStage.existence,
  background: null,
  stages: [NEW_STAGE],
}
export const newItem = {
  itemId: NEW_ITEM,
  name: '上游代币',
  name_i18n: i18n('Upstream Token'),
  existence: { CN: { exist: true }, US: closed, JP: closed, KR: closed },
  itemType: 'ACTIVITY_ITEM',
  sortId: 990_001,
  rarity: 2,
  groupID: null,
  alias: null,
  pron: null,
}

/** Serves `list` as every server's `/stages`. */
export const serveStages = (upstream: FakeUpstream, list: readonly Record<string, unknown>[]) => {
  for (const server of SERVERS) upstream.serveReference(`stages?server=${server}`, [...list])
}

/** Serves the real answers plus the new stage, its zone and item; `stages` replaces the real stage list (edited copies). */
export const serveUpstreamReference = async (upstream: FakeUpstream, stages?: readonly Record<string, unknown>[]) => {
  serveStages(upstream, [...(stages ?? (await referenceAnswer20241017('stages'))), newStage])
  upstream.serveReference('zones', [...(await referenceAnswer20241017('zones')), newZone])
  upstream.serveReference('items', [...(await referenceAnswer20241017('items')), newItem])
}
