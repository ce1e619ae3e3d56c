import type { RawPenguinItem, RawPenguinStage, RawPenguinZone } from '@dropwise/importer/raw'
import {
  SeedDropInfoSchema,
  SeedItemSchema,
  SeedStageSchema,
  SeedZoneSchema,
  SERVERS,
  type SeedDropInfo,
  type SeedItem,
  type SeedStage,
  type SeedZone,
  type Server,
} from '@dropwise/schemas'
import type { SyncReference } from './game-data.derive'
import type { StoredReference } from './game-data.repository'
import { countsOf, UpstreamSourceError, type UpstreamAnswers, type UpstreamExtract } from './game-data.upstream'

const group = (server: string, stageId: string) => `${server}|${stageId}`

const toStage = (s: RawPenguinStage): SeedStage => ({
  stageId: s.stageId,
  zoneId: s.zoneId,
  stageType: s.stageType,
  code_i18n: s.code_i18n,
  apCost: s.apCost,
  minClearTime: s.minClearTime,
  existence: s.existence,
  ...(s.isGacha ? { isGacha: true as const } : {}),
})
const toZone = (z: RawPenguinZone): SeedZone => ({
  zoneId: z.zoneId,
  zoneIndex: z.zoneIndex,
  type: z.type,
  subType: z.subType,
  zoneName_i18n: z.zoneName_i18n,
  existence: z.existence,
  background: z.background,
})
const toItem = (i: RawPenguinItem): SeedItem => ({
  itemId: i.itemId,
  name_i18n: i.name_i18n,
  existence: i.existence,
  itemType: i.itemType,
  sortId: i.sortId,
  rarity: i.rarity,
  groupID: i.groupID ?? null,
  ...(i.spriteCoord ? { spriteCoord: i.spriteCoord } : {}),
  alias: i.alias ?? null,
  pron: i.pron ?? null,
})

const checked = <T>(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  what: string,
  t: T,
): T => {
  const r = schema.safeParse(t)
  if (!r.success) {
    const first = r.error?.issues[0]
    throw new UpstreamSourceError(`${what} does not fit the game data at ${first?.path.map(String).join('.') || '(root)'}: ${first?.message}`)
  }
  return t
}

/**
 * The upstream's contribution to `ref` (precedence, docs/api-extensions.md §3j): the local game tables win
 * every record and every group they know; the upstream gives only what they lack. A group's window is its
 * stage's `existence[server]` (openTime…closeTime); without an openTime it starts when it was first
 * stored (the stored group's start) or now. An answer whose open stage's window does not hold now is
 * taken as stale for that group, and a group whose drop infos name no item (a story stage) is left out.
 */
export const extractUpstream = (answers: UpstreamAnswers, ref: SyncReference, stored: StoredReference, url: string, at: number): UpstreamExtract => {
  const localStages = new Set(ref.stages.map((s) => s.stageId))
  const localItems = new Set(ref.items.map((i) => i.itemId))
  const localZones = new Set(ref.zones.map((z) => z.zoneId))
  const localGroups = new Set(ref.dropInfos.map((d) => group(d.server, d.stageId)))
  /** The start of each stored group's drop infos open now (a group the upstream filled before keeps it). */
  const storedStart = new Map<string, number>()
  for (const v of stored.dropInfos.values()) {
    if (v.startAt < at && v.endAt > at) storedStart.set(v.group, Math.min(storedStart.get(v.group) ?? Infinity, v.startAt))
  }

  const stages = new Map<string, SeedStage>()
  for (const server of SERVERS) {
    for (const s of answers.stages[server])
      if (!localStages.has(s.stageId) && !stages.has(s.stageId)) stages.set(s.stageId, checked(SeedStageSchema, `stage ${s.stageId}`, toStage(s)))
  }
  const dropInfos: SeedDropInfo[] = []
  for (const server of SERVERS) {
    for (const s of answers.stages[server]) {
      const g = group(server, s.stageId)
      const window = s.existence[server as Server]
      // A stage that can drop nothing (story stages: per-type bounds 0..0 only) is no farming stage; the importer leaves it closed too.
      if (!s.dropInfos?.some((d) => d.itemId !== undefined) || !window.exist || localGroups.has(g)) continue
      const start = window.openTime ?? storedStart.get(g) ?? at
      const end = window.closeTime ?? null
      if (start > at || (end !== null && end <= at)) continue
      const seen = new Set<string>()
      const add = (d: SeedDropInfo) => {
        const key = `${d.itemId ?? ''}|${d.dropType}`
        if (seen.has(key)) throw new UpstreamSourceError(`stages of ${server}: ${s.stageId} lists ${key} twice`)
        seen.add(key)
        dropInfos.push(checked(SeedDropInfoSchema, `a drop info of ${s.stageId} on ${server}`, d))
      }
      for (const d of s.dropInfos) {
        const bounds = { lower: d.bounds.lower, upper: d.bounds.upper, ...(d.bounds.exceptions?.length ? { exceptions: d.bounds.exceptions } : {}) }
        add({ server, stageId: s.stageId, itemId: d.itemId ?? null, dropType: d.dropType as SeedDropInfo['dropType'], bounds, start, end, accumulable: false })
      }
      for (const itemId of s.recognitionOnly ?? [])
        add({ server, stageId: s.stageId, itemId, dropType: 'RECOGNITION_ONLY', bounds: null, start, end, accumulable: false })
    }
  }

  const upstreamItems = new Map(answers.items.map((i) => [i.itemId, i]))
  const items = new Map<string, SeedItem>()
  for (const d of dropInfos) {
    if (d.itemId === null || localItems.has(d.itemId) || items.has(d.itemId)) continue
    const item = upstreamItems.get(d.itemId)
    // Recognition-only ids the upstream does not list are the recogniser's concern, not an item to add.
    if (!item) {
      if (d.dropType === 'RECOGNITION_ONLY') continue
      throw new UpstreamSourceError(`item ${d.itemId} (a drop of ${d.stageId}) is in no list`)
    }
    items.set(d.itemId, checked(SeedItemSchema, `item ${d.itemId}`, toItem(item)))
  }
  const upstreamZones = new Map(answers.zones.map((z) => [z.zoneId, z]))
  const zones = new Map<string, SeedZone>()
  for (const s of stages.values()) {
    if (localZones.has(s.zoneId) || zones.has(s.zoneId)) continue
    const zone = upstreamZones.get(s.zoneId)
    if (!zone) throw new UpstreamSourceError(`zone ${s.zoneId} (of ${s.stageId}) is in no list`)
    zones.set(s.zoneId, checked(SeedZoneSchema, `zone ${s.zoneId}`, toZone(zone)))
  }
  return {
    url,
    fetchedAt: at,
    counts: countsOf(answers),
    files: answers.files,
    items: [...items.values()],
    zones: [...zones.values()],
    stages: [...stages.values()],
    dropInfos: dropInfos.filter((d) => d.dropType !== 'RECOGNITION_ONLY' || d.itemId === null || localItems.has(d.itemId) || items.has(d.itemId)),
  }
}

/**
 * `ref` with `extract` added where the local sources are silent (they may have learnt a record or a group
 * since the extract was made: then theirs stays). Without `dropInfos`, only the records are added (the
 * upstream is no longer configured: what it opened closes, what it named stays named).
 */
export const mergeUpstream = (ref: SyncReference, extract: UpstreamExtract, { dropInfos }: { dropInfos: boolean }): SyncReference => {
  const missing = <T>(local: readonly T[], extra: readonly T[], key: (t: T) => string) => {
    const have = new Set(local.map(key))
    return [...local, ...extra.filter((t) => !have.has(key(t)))]
  }
  const localGroups = new Set(ref.dropInfos.map((d) => group(d.server, d.stageId)))
  return {
    ...ref,
    items: missing(ref.items, extract.items, (i) => i.itemId),
    zones: missing(ref.zones, extract.zones, (z) => z.zoneId),
    stages: missing(ref.stages, extract.stages, (s) => s.stageId),
    dropInfos: dropInfos ? [...ref.dropInfos, ...extract.dropInfos.filter((d) => !localGroups.has(group(d.server, d.stageId)))] : ref.dropInfos,
  }
}
