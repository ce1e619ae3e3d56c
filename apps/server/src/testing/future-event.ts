import type { SourcesMirror } from './game-data-mirror'

/**
 * A future event added to the sources as the upstream repositories publish one (the structure of the real
 * act53side in raw/toolbox and raw/gamedata): zone and window in the game's zone tables (CN now, US later),
 * the toolbox's stages, drop list, windows per server, zone-activity link and names, and a new material in
 * the item tables. `act90side` is far beyond any real id.
 */
export const FUTURE = {
  zoneId: 'act90side_zone1',
  activity: 'act90side',
  stages: ['act90side_01', 'act90side_02', 'act90side_03'],
  codes: ['FE-1', 'FE-2', 'FE-3'],
  newItem: '30175',
} as const

const H = 3600

/** The toolbox's drop list of the future event: item → stage code → count (drop.json's shape). */
const DEFAULT_DROPS = (codes: readonly string[]) => ({
  '30012': { [codes[0]!]: 2, [codes[1]!]: 2 },
  '30062': { [codes[1]!]: 1 },
  [FUTURE.newItem]: { [codes[2]!]: 0 },
  '30033': { [codes[2]!]: 1 },
})

/**
 * Writes the future event into the mirror; CN opens at `nowMs` − 1 h, US a week later. Returns the windows
 * (game seconds). `codes` replaces the stage codes (a re-run shares its codes with an earlier event's
 * stages) and `drops` the toolbox's drop list (item → code → count).
 */
export const addFutureEvent = async (
  mirror: SourcesMirror,
  nowMs: number,
  { codes = FUTURE.codes, drops }: { codes?: readonly [string, string, string]; drops?: Record<string, Record<string, number>> } = {},
) => {
  const cnStart = Math.floor(nowMs / 1000) - H
  const cn = { startTs: cnStart, endTs: cnStart + 14 * 24 * H - 1 }
  const us = { startTs: cnStart + 7 * 24 * H, endTs: cnStart + 21 * 24 * H - 1 }

  type Table = Record<string, Record<string, unknown>>
  const stage = await mirror.read<Record<string, Table>>('toolbox/assets/data/stage.json')
  stage.event![FUTURE.zoneId] = Object.fromEntries(FUTURE.stages.map((id, i) => [id, { code: codes[i], cost: 15 + i }]))
  await mirror.write('toolbox/assets/data/stage.json', stage)

  const event = await mirror.read<Table>('toolbox/assets/data/event.json')
  event.cn![FUTURE.zoneId] = { valid: cn }
  event.us![FUTURE.zoneId] = { valid: us }
  await mirror.write('toolbox/assets/data/event.json', event)

  const drop = await mirror.read<Record<string, Table>>('toolbox/assets/data/drop.json')
  drop.event![FUTURE.zoneId] = drops ?? DEFAULT_DROPS(codes)
  await mirror.write('toolbox/assets/data/drop.json', drop)

  const zone = await mirror.read<{ zoneToActivity: Record<string, string> }>('toolbox/assets/data/zone.json')
  zone.zoneToActivity[FUTURE.zoneId] = FUTURE.activity
  await mirror.write('toolbox/assets/data/zone.json', zone)

  const names = { cn: '未来回响', us: 'Future Echoes', jp: '未来の残響', kr: '미래의 메아리' }
  for (const [lang, name] of Object.entries(names)) {
    const path = `toolbox/assets/locales/${lang}/zone.json`
    const table = await mirror.read<Record<string, string>>(path)
    table[FUTURE.activity] = name
    await mirror.write(path, table)
  }

  for (const [lang, window] of [
    ['zh_CN', cn],
    ['en_US', us],
  ] as const) {
    const path = `gamedata/${lang}/zone_table.json`
    const table = await mirror.read<{ zones: Table; zoneValidInfo: Table }>(path)
    table.zones[FUTURE.zoneId] = { zoneID: FUTURE.zoneId, zoneIndex: 0, type: 'ACTIVITY', zoneNameFirst: null, zoneNameSecond: names.cn }
    table.zoneValidInfo[FUTURE.zoneId] = window
    await mirror.write(path, table)
  }
  for (const [lang, name] of [
    ['zh_CN', '晶化回路'],
    ['en_US', 'Crystal Circuit'],
    ['ja_JP', '結晶回路'],
    ['ko_KR', '결정 회로'],
  ] as const) {
    const path = `gamedata/${lang}/item_table.json`
    const table = await mirror.read<{ items: Table }>(path)
    table.items[FUTURE.newItem] = { itemId: FUTURE.newItem, name, rarity: 'TIER_4', sortId: 100190, classifyType: 'MATERIAL', itemType: 'MATERIAL' }
    await mirror.write(path, table)
  }
  return { cn, us }
}
