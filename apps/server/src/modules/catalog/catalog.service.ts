import { NO_END_MS, SERVERS, type Formula, type Item, type Server, type Stage, type Zone } from '@dropwise/schemas'
import { notFound } from '../../lib/errors'
import type { CatalogRepository } from './catalog.repository'
import { toStage } from './catalog.mapper'
import { isActiveAt, type DropInfoRecord, type StageRecord } from './catalog.types'

/** A serialised JSON body and when the data behind it was built (for Last-Modified). */
export interface CachedBody {
  body: string
  builtAt: number
}

interface Snapshot {
  builtAt: number
  items: Item[]
  itemsById: Map<string, Item>
  itemsBody: string
  zones: Zone[]
  zonesById: Map<string, Zone>
  zonesBody: string
  stages: Map<string, StageRecord>
  /** server → stageId → drop infos of that stage on that server */
  infos: Record<Server, Map<string, DropInfoRecord[]>>
  /** server → instants where some drop info starts or ends (sorted): the stage list changes only there */
  boundaries: Record<Server, number[]>
  periodsBody: string
  formulasBody: string
}

export interface CatalogServiceDeps {
  repository: CatalogRepository
  clock: () => number
  /**
   * Fields the server itself adds to `/config` (e.g. `recognizer.packUrl`); they win over the stored ones.
   * A function is read on every call, so `/config` follows state that changes while the server runs
   * (the assets' state and URLs): a cached body is rebuilt as soon as the extras differ.
   */
  configExtras?: Record<string, unknown> | (() => Record<string, unknown>)
}

const SHORT_TTL_MS = 10_000
const MAX_STAGE_CACHE_MS = 60 * 60 * 1000

/**
 * Reference data held in memory (it changes only when the seed or an operator changes it), with the
 * serialised bodies cached. Stage lists depend on the clock (which drop infos are active), so they are
 * cached per server until the next instant where a drop info starts or ends.
 */
export const createCatalogService = ({ repository, clock, configExtras = {} }: CatalogServiceDeps) => {
  let snapshot: Promise<Snapshot> | null = null
  const stageCache = new Map<Server, CachedBody & { validUntil: number }>()
  let noticeCache: (CachedBody & { validUntil: number }) | null = null
  let configCache: (CachedBody & { validUntil: number; extras: string }) | null = null
  const reloadListeners = new Set<() => void>()

  const build = async (): Promise<Snapshot> => {
    const [items, zoneRecords, stages, dropInfos, periods, formulas] = await Promise.all([
      repository.items(),
      repository.zones(),
      repository.stages(),
      repository.dropInfos(),
      repository.periods(),
      repository.formulas(),
    ])
    const stagesByZone = new Map<string, string[]>()
    for (const s of stages) stagesByZone.set(s.zoneId, [...(stagesByZone.get(s.zoneId) ?? []), s.stageId])
    const zones: Zone[] = zoneRecords.map((z) => ({ ...z, stages: stagesByZone.get(z.zoneId) ?? [] }))
    const infos = Object.fromEntries(SERVERS.map((s) => [s, new Map<string, DropInfoRecord[]>()])) as Snapshot['infos']
    const boundarySets = Object.fromEntries(SERVERS.map((s) => [s, new Set<number>()])) as Record<Server, Set<number>>
    for (const info of dropInfos) {
      const list = infos[info.server].get(info.stageId)
      if (list) list.push(info)
      else infos[info.server].set(info.stageId, [info])
      boundarySets[info.server].add(info.startAt)
      if (info.endAt < NO_END_MS) boundarySets[info.server].add(info.endAt)
    }
    const boundaries = Object.fromEntries(SERVERS.map((s) => [s, [...boundarySets[s]].sort((a, b) => a - b)])) as Record<Server, number[]>
    stageCache.clear()
    return {
      builtAt: clock(),
      items,
      itemsById: new Map(items.map((i) => [i.itemId, i])),
      itemsBody: JSON.stringify(items),
      zones,
      zonesById: new Map(zones.map((z) => [z.zoneId, z])),
      zonesBody: JSON.stringify(zones),
      stages: new Map(stages.map((s) => [s.stageId, s])),
      infos,
      boundaries,
      periodsBody: JSON.stringify(periods),
      formulasBody: JSON.stringify(formulas),
    }
  }

  const current = () =>
    (snapshot ??= build().catch((err: unknown) => {
      snapshot = null
      throw err
    }))

  const nextBoundary = (s: Snapshot, server: Server, now: number) => s.boundaries[server].find((b) => b > now) ?? Number.POSITIVE_INFINITY

  const stageOf = (s: Snapshot, stageId: string, server: Server, now: number): Stage | null => {
    const stage = s.stages.get(stageId)
    return stage ? toStage(stage, s.infos[server].get(stageId) ?? [], now) : null
  }

  return {
    /** Drops the in-memory copy and reads the database again; listeners run once the new copy is in place. */
    reload: () => {
      snapshot = null
      noticeCache = null
      configCache = null
      return current().then((s) => {
        for (const listener of reloadListeners) listener()
        return s
      })
    },
    /** Runs `listener` after every reload (new reference data); returns the unsubscribe function. */
    onReload: (listener: () => void) => {
      reloadListeners.add(listener)
      return () => void reloadListeners.delete(listener)
    },
    /** Forgets the cached `/notice` body (an operator changed a notice); other processes follow within its TTL. */
    forgetNotices: () => {
      noticeCache = null
    },
    /**
     * Rebuilds from the database while the current copy keeps answering, then swaps (a game-data version
     * changed: issue 36). Requests during the rebuild are served the old data, never wait for the new.
     */
    refresh: async () => {
      const next = build()
      await next
      snapshot = next
      stageCache.clear()
      noticeCache = null
      configCache = null
    },
    snapshotTime: async () => (await current()).builtAt,
    items: async (): Promise<CachedBody> => {
      const s = await current()
      return { body: s.itemsBody, builtAt: s.builtAt }
    },
    itemList: async () => (await current()).items,
    item: async (itemId: string) => (await current()).itemsById.get(itemId) ?? Promise.reject(notFound()),
    zones: async (): Promise<CachedBody> => {
      const s = await current()
      return { body: s.zonesBody, builtAt: s.builtAt }
    },
    zone: async (zoneId: string) => (await current()).zonesById.get(zoneId) ?? Promise.reject(notFound()),
    stages: async (server: Server): Promise<CachedBody> => {
      const s = await current()
      const now = clock()
      const hit = stageCache.get(server)
      if (hit && now < hit.validUntil) return hit
      const list = [...s.stages.keys()].map((id) => stageOf(s, id, server, now) as Stage)
      const entry = {
        body: JSON.stringify(list),
        builtAt: now,
        validUntil: Math.min(nextBoundary(s, server, now), now + MAX_STAGE_CACHE_MS),
      }
      stageCache.set(server, entry)
      return entry
    },
    /** The stage list of a server as objects (parsed from the cached body, so it matches the API exactly). */
    stageList: async (server: Server): Promise<Stage[]> => {
      const s = await current()
      const now = clock()
      return [...s.stages.keys()].map((id) => stageOf(s, id, server, now) as Stage)
    },
    formulaList: async () => JSON.parse((await current()).formulasBody) as Formula[],
    stage: async (stageId: string, server: Server) => stageOf(await current(), stageId, server, clock()) ?? Promise.reject(notFound()),
    /** A stage as stored (every server), or null: for modules that need more than the wire `Stage` or need no server. */
    stageRecord: async (stageId: string): Promise<StageRecord | null> => (await current()).stages.get(stageId) ?? null,
    stageRecords: async (): Promise<StageRecord[]> => [...(await current()).stages.values()],
    /** A stage is open on a server when any of its drop infos there is active now (§10.2). */
    isStageOpen: async (stageId: string, server: Server, now = clock()) => ((await current()).infos[server].get(stageId) ?? []).some((i) => isActiveAt(i, now)),
    openStageIds: async (server: Server, now = clock()) => {
      const s = await current()
      return new Set([...s.infos[server]].filter(([, list]) => list.some((i) => isActiveAt(i, now))).map(([id]) => id))
    },
    /** Every drop info of a stage on a server, active or not, in storage order. */
    dropInfos: async (server: Server, stageId: string): Promise<readonly DropInfoRecord[]> => (await current()).infos[server].get(stageId) ?? [],
    periods: async (): Promise<CachedBody> => {
      const s = await current()
      return { body: s.periodsBody, builtAt: s.builtAt }
    },
    formulas: async (): Promise<CachedBody> => {
      const s = await current()
      return { body: s.formulasBody, builtAt: s.builtAt }
    },
    notices: async (): Promise<CachedBody> => {
      const now = clock()
      if (noticeCache && now < noticeCache.validUntil) return noticeCache
      const body = JSON.stringify(await repository.notices())
      noticeCache = { body, builtAt: now, validUntil: now + SHORT_TTL_MS }
      return noticeCache
    },
    /** The operator's frontend config (`/config`), verbatim; `{}` when none is set. */
    config: async (): Promise<CachedBody> => {
      const now = clock()
      const extras = typeof configExtras === 'function' ? configExtras() : configExtras
      const extrasKey = JSON.stringify(extras)
      if (configCache && now < configCache.validUntil && configCache.extras === extrasKey) return configCache
      const [row, demo] = await Promise.all([repository.property('frontend.config'), repository.property('demo.simulated')])
      // `demo` is ours: present while simulated reports are in the data, so the web app can say so.
      const value = {
        ...((row?.value as object | undefined) ?? {}),
        ...extras,
        ...(demo ? { demo: { present: true, ...(demo.value as object) } } : {}),
      }
      configCache = { body: JSON.stringify(value), builtAt: row?.updatedAt ?? now, validUntil: now + SHORT_TTL_MS, extras: extrasKey }
      return configCache
    },
  }
}
export type CatalogService = ReturnType<typeof createCatalogService>
