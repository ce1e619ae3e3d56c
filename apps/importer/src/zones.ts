import type { Existence, I18n, NameFrom, SeedZone, Server } from '@dropwise/schemas'
import type { ReferenceRaw, RawValidityEntry } from './raw'
import { GAME_LANG_BY_SERVER, TOOLBOX_LANG_BY_SERVER } from './raw'
import { compareIds, compareStrings, gameEndMs, gameStartMs, normaliseExistence, SERVERS } from './util'
import { fillZoneNames } from './zone-names'

const MAINLINE_RE = /^main_(\d+)$/

/**
 * Penguin's id for chapters 15+ is unknown (README §3.2, §5.1); the game calls chapter 15 `act2mainss_zone1`,
 * 16 `act3mainss_zone1`, 17 `act4mainss_zone1`. We keep Penguin's `main_N` pattern and read the game zone for data.
 */
export const gameZoneIdOf = (zoneId: string): string => {
  const m = MAINLINE_RE.exec(zoneId)
  if (m && Number(m[1]) >= 15) return `act${Number(m[1]) - 13}mainss_zone1`
  return zoneId
}

/** The newest of the windows toolbox history has seen for a zone (latest lastSeen, then latest firstSeen). */
export const latestValidity = (entries: readonly RawValidityEntry[] | undefined): RawValidityEntry | undefined =>
  [...(entries ?? [])].sort((a, b) => compareStrings(a.lastSeen, b.lastSeen) || compareStrings(a.firstSeen, b.firstSeen)).at(-1)

/** Window of an event zone on one server: game zone table first, toolbox history second (README §3.2.3). */
export const eventWindow = (raw: ReferenceRaw, zoneId: string, server: Server): { openTime: number; closeTime: number } | undefined => {
  const gameId = gameZoneIdOf(zoneId)
  const info = raw.zoneTables[GAME_LANG_BY_SERVER[server]].zoneValidInfo[gameId]
  if (info) return { openTime: gameStartMs(info.startTs), closeTime: gameEndMs(info.endTs) }
  const hist = latestValidity(raw.history.eventValidity[server.toLowerCase()]?.[gameId])
  if (hist) return { openTime: gameStartMs(hist.startTs), closeTime: gameEndMs(hist.endTs) }
  return undefined
}

/** Names of a game zone / activity in four languages from the toolbox locales; missing languages fall back to zh. */
export const toolboxNames = (raw: ReferenceRaw, key: string): { names: I18n; complete: boolean } | undefined => {
  const get = (s: Server) => raw.toolboxZoneNames[TOOLBOX_LANG_BY_SERVER[s]][key]
  const zh = get('CN')
  if (!zh) return undefined
  const en = get('US')
  const ja = get('JP')
  const ko = get('KR')
  return { names: { zh, en: en ?? zh, ja: ja ?? zh, ko: ko ?? zh }, complete: !!(en && ja && ko) }
}

const snakeUpper = (s: string) =>
  s
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

const reconstructZone = (raw: ReferenceRaw, zoneId: string): Omit<SeedZone, 'zoneIndex'> => {
  const gameId = gameZoneIdOf(zoneId)
  const inferred = ['background', 'zoneIndex']
  const existence = normaliseExistence({})
  if (MAINLINE_RE.test(zoneId)) {
    const named = toolboxNames(raw, gameId)
    const zh = raw.zoneTables.zh_CN.zones[gameId]?.zoneNameSecond
    if (!named && !zh) throw new Error(`no name for mainline zone ${zoneId} (${gameId})`)
    const names = named?.names ?? { zh: zh ?? zoneId, en: zh ?? zoneId, ja: zh ?? zoneId, ko: zh ?? zoneId }
    if (!named?.complete) inferred.push('zoneName_i18n')
    const chapter = Object.values(raw.chapterTable).find((c) => {
      const from = Number(/^act(\d+)mainss/.exec(c.startZoneId)?.[1])
      const to = Number(/^act(\d+)mainss/.exec(c.endZoneId)?.[1])
      const me = Number(/^act(\d+)mainss/.exec(gameId)?.[1])
      return Number.isFinite(me) && me >= from && me <= to
    })
    inferred.push('subType')
    for (const s of SERVERS) {
      // Main chapters stay open once released: only an openTime, like the snapshot's main_5+ zones.
      const info = raw.zoneTables[GAME_LANG_BY_SERVER[s]].zoneValidInfo[gameId]
      if (info) existence[s] = { exist: true, openTime: gameStartMs(info.startTs) }
    }
    const filled = fillZoneNames(raw, { zoneId, type: 'MAINLINE', zoneName_i18n: names }, gameId)
    return {
      zoneId,
      type: 'MAINLINE',
      subType: chapter ? snakeUpper(chapter.chapterName2) : null,
      zoneName_i18n: filled.names,
      existence,
      background: null,
      inferred: inferred.sort(),
      ...withNameFrom(filled.from),
    }
  }
  if (!zoneId.startsWith('act')) throw new Error(`cannot reconstruct zone ${zoneId}: only act* and main_N zones are known`)
  const activityId = raw.history.zoneToActivity[zoneId]?.at(-1) ?? zoneId.replace(/_zone\d+$/, '')
  const named = toolboxNames(raw, activityId)
  if (!named) throw new Error(`no name for zone ${zoneId} (activity ${activityId})`)
  if (!named.complete) inferred.push('zoneName_i18n')
  for (const s of SERVERS) {
    const w = eventWindow(raw, zoneId, s)
    if (w) existence[s] = { exist: true, ...w }
  }
  const filled = fillZoneNames(raw, { zoneId, type: 'ACTIVITY', zoneName_i18n: named.names })
  return { zoneId, type: 'ACTIVITY', subType: null, zoneName_i18n: filled.names, existence, background: null, inferred: inferred.sort(), ...withNameFrom(filled.from) }
}

const withNameFrom = (from: NameFrom): { nameFrom?: NameFrom } => (Object.keys(from).length > 0 ? { nameFrom: from } : {})

/**
 * README §3.2: the snapshot's zones verbatim, the zones new stages need, and the existence rule of §2.2
 * (a zone exists on a server if the snapshot says so or one of its stages has matrix rows there).
 */
export const buildZones = (raw: ReferenceRaw, stageZone: ReadonlyMap<string, string>, stagesWithRows: Record<Server, ReadonlySet<string>>): SeedZone[] => {
  const zones: SeedZone[] = raw.zones.map((z) => {
    // Zones added on CN after Penguin's snapshot kept their Chinese name in every language (KR-5's 熔炉“还魂”记).
    const filled = fillZoneNames(raw, { zoneId: z.zoneId, type: z.type, zoneName_i18n: z.zoneName_i18n }, gameZoneIdOf(z.zoneId))
    return {
      zoneId: z.zoneId,
      zoneIndex: z.zoneIndex,
      type: z.type,
      subType: z.subType,
      zoneName_i18n: filled.names,
      existence: normaliseExistence(z.existence),
      background: z.background,
      ...withNameFrom(filled.from),
    }
  })
  const known = new Set(zones.map((z) => z.zoneId))
  const needed = [...new Set(stageZone.values())].filter((z) => !known.has(z)).sort(compareIds)
  const fresh = needed.map((id) => reconstructZone(raw, id))
  // Continue the snapshot's numbering: activities 1000+ in opening order, mainline by chapter.
  let nextActivity = Math.max(999, ...zones.filter((z) => z.type === 'ACTIVITY').map((z) => z.zoneIndex)) + 1
  let nextMain = Math.max(-1, ...zones.filter((z) => z.type === 'MAINLINE').map((z) => z.zoneIndex)) + 1
  const openCn = (z: { existence: Existence }) => z.existence.CN.openTime ?? Number.MAX_SAFE_INTEGER
  const chapterOf = (z: { zoneId: string }) => Number(MAINLINE_RE.exec(z.zoneId)?.[1] ?? 0)
  for (const z of fresh.filter((f) => f.type === 'MAINLINE').sort((a, b) => chapterOf(a) - chapterOf(b))) zones.push({ ...z, zoneIndex: nextMain++ })
  for (const z of fresh.filter((f) => f.type === 'ACTIVITY').sort((a, b) => openCn(a) - openCn(b) || compareStrings(a.zoneId, b.zoneId)))
    zones.push({ ...z, zoneIndex: nextActivity++ })

  const zoneHasRows = (zoneId: string, s: Server) => {
    for (const stageId of stagesWithRows[s]) if (stageZone.get(stageId) === zoneId) return true
    return false
  }
  for (const z of zones) {
    for (const s of SERVERS) {
      if (z.existence[s].exist || !zoneHasRows(z.zoneId, s)) continue
      const w = z.type === 'ACTIVITY' ? eventWindow(raw, z.zoneId, s) : undefined
      z.existence[s] = w ? { exist: true, ...w } : { exist: true }
      z.inferred = [...new Set([...(z.inferred ?? []), 'existence'])].sort(compareStrings)
    }
  }
  return zones.sort((a, b) => compareStrings(a.zoneId, b.zoneId))
}
