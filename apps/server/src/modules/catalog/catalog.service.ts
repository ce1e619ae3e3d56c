import { NO_END_MS, SERVERS, type Formula, type Server, type Stage, type Zone } from '@dropwise/schemas'
import { yieldToLoop } from '../../db/paged-read'
import { notFound } from '../../lib/errors'
import type { CatalogRepository } from './catalog.repository'
import { referenceEtag, type CachedBody, type DropInfoGroup, type Snapshot, type StageCacheEntry } from './catalog.snapshot'
import { toStage } from './catalog.mapper'
import { isActiveAt, type DropInfoRecord, type StageRecord } from './catalog.types'

export { DATA_VERSION_HEADER, referenceEtag, type CachedBody, type DropInfoGroup } from './catalog.snapshot'

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
  /** The game-data version of the snapshot answering now (0 until the first is built). */
  let served = 0
  /** Per server, with the snapshot it was cut from: a list cut from a snapshot that was swapped out meanwhile is never a hit. */
  const stageCache = new Map<Server, StageCacheEntry>()
  let noticeCache: (CachedBody & { validUntil: number }) | null = null
  let configCache: (CachedBody & { validUntil: number; extras: string }) | null = null
  const reloadListeners = new Set<() => void>()

  /**
   * Reads the reference data and builds a snapshot. The statements run one after another and the drop infos
   * in pages, with turns of the event loop between the steps, so requests keep flowing while it builds.
   */
  const build = async (since?: { previous: Snapshot; groups: readonly DropInfoGroup[] }): Promise<Snapshot> => {
    const dataVersion = await repository.dataVersion()
    await yieldToLoop()
    const items = await repository.items()
    await yieldToLoop()
    const zoneRecords = await repository.zones()
    await yieldToLoop()
    const stages = await repository.stages()
    await yieldToLoop()
    const touched = since ? new Set(since.groups.map((g) => `${g.server}|${g.stageId}`)) : null
    // After an apply, only the drop infos of the groups it touched are read again; the rest is the previous copy's.
    const dropInfos = since ? await repository.dropInfosOf(since.groups) : await repository.dropInfos()
    await yieldToLoop()
    const periods = await repository.periods()
    await yieldToLoop()
    const formulas = await repository.formulas()
    await yieldToLoop()
    const stagesByZone = new Map<string, string[]>()
    for (const s of stages) {
      const list = stagesByZone.get(s.zoneId)
      if (list) list.push(s.stageId)
      else stagesByZone.set(s.zoneId, [s.stageId])
    }
    const zones: Zone[] = zoneRecords.map((z) => ({ ...z, stages: stagesByZone.get(z.zoneId) ?? [] }))
    const byStage = Object.fromEntries(SERVERS.map((s) => [s, new Map<string, DropInfoRecord[]>()])) as Snapshot['infos']
    const boundarySets = Object.fromEntries(SERVERS.map((s) => [s, new Set<number>()])) as Record<Server, Set<number>>
    if (since) {
      for (const server of SERVERS) {
        for (const [stageId, list] of since.previous.infos[server]) if (!touched?.has(`${server}|${stageId}`)) byStage[server].set(stageId, list)
      }
    }
    for (const info of dropInfos) {
      const list = byStage[info.server].get(info.stageId)
      if (list) list.push(info)
      else byStage[info.server].set(info.stageId, [info])
    }
    for (const server of SERVERS) {
      for (const list of byStage[server].values()) {
        for (const info of list) {
          boundarySets[server].add(info.startAt)
          if (info.endAt < NO_END_MS) boundarySets[server].add(info.endAt)
        }
      }
    }
    // Drop infos arrive in storage order; each server's stages are listed in stage order.
    const infos = Object.fromEntries(
      SERVERS.map((server) => [
        server,
        new Map(stages.flatMap((st) => (byStage[server].has(st.stageId) ? [[st.stageId, byStage[server].get(st.stageId) ?? []] as const] : []))),
      ]),
    ) as Snapshot['infos']
    const boundaries = Object.fromEntries(SERVERS.map((s) => [s, [...boundarySets[s]].sort((a, b) => a - b)])) as Record<Server, number[]>
    await yieldToLoop()
    const itemsBody = JSON.stringify(items)
    await yieldToLoop()
    const zonesBody = JSON.stringify(zones)
    await yieldToLoop()
    const periodsBody = JSON.stringify(periods)
    return {
      builtAt: clock(),
      dataVersion,
      items,
      itemsById: new Map(items.map((i) => [i.itemId, i])),
      itemsBody,
      itemsEtag: referenceEtag(dataVersion, itemsBody),
      zones,
      zonesById: new Map(zones.map((z) => [z.zoneId, z])),
      zonesBody,
      zonesEtag: referenceEtag(dataVersion, zonesBody),
      stages: new Map(stages.map((s) => [s.stageId, s])),
      infos,
      boundaries,
      periodsBody,
      periodsEtag: referenceEtag(dataVersion, periodsBody),
      formulasBody: JSON.stringify(formulas),
    }
  }

  /** A server's stage list as served by `/stages`, cached until the next drop-info boundary (or an hour). */
  const renderStages = (s: Snapshot, server: Server, now: number): StageCacheEntry => {
    const body = JSON.stringify([...s.stages.keys()].map((id) => stageOf(s, id, server, now) as Stage))
    return {
      entry: { body, builtAt: now, etag: referenceEtag(s.dataVersion, body) },
      validUntil: Math.min(nextBoundary(s, server, now), now + MAX_STAGE_CACHE_MS),
      from: s,
    }
  }

  const current = () =>
    (snapshot ??= build().then(
      (s) => {
        served = s.dataVersion
        return s
      },
      (err: unknown) => {
        snapshot = null
        throw err
      },
    ))

  const nextBoundary = (s: Snapshot, server: Server, now: number) => s.boundaries[server].find((b) => b > now) ?? Number.POSITIVE_INFINITY

  const stageOf = (s: Snapshot, stageId: string, server: Server, now: number): Stage | null => {
    const stage = s.stages.get(stageId)
    return stage ? toStage(stage, s.infos[server].get(stageId) ?? [], now) : null
  }

  return {
    /** Drops the in-memory copy and reads the database again; listeners run once the new copy is in place. */
    reload: () => {
      snapshot = null
      stageCache.clear()
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
     * changed: issue 36). Requests during the rebuild are served the old data, never wait for the new; the
     * stage lists that were cached are rendered from the new copy before the swap, so none is cold after it.
     * With `changed` (this copy is of the version the apply started from), only the drop infos of the groups
     * (server, stage) the apply touched are read again.
     */
    refresh: async (changed?: { dropInfoGroups: readonly DropInfoGroup[] }) => {
      const previous = changed && snapshot ? await snapshot.catch(() => null) : null
      const next = await build(previous && changed ? { previous, groups: changed.dropInfoGroups } : undefined)
      const now = clock()
      const warm = new Map<Server, StageCacheEntry>()
      for (const server of stageCache.keys()) {
        warm.set(server, renderStages(next, server, now))
        await yieldToLoop()
      }
      served = next.dataVersion
      snapshot = Promise.resolve(next)
      stageCache.clear()
      for (const [server, entry] of warm) stageCache.set(server, entry)
      noticeCache = null
      configCache = null
    },
    snapshotTime: async () => (await current()).builtAt,
    /**
     * The game-data version of the reference data answering now, without waiting (0 before the first
     * snapshot is built): the `X-Dropwise-Data-Version` header (docs/api-extensions.md §3j).
     */
    servedDataVersion: () => served,
    items: async (): Promise<CachedBody> => {
      const s = await current()
      return { body: s.itemsBody, builtAt: s.builtAt, etag: s.itemsEtag }
    },
    itemList: async () => (await current()).items,
    item: async (itemId: string) => (await current()).itemsById.get(itemId) ?? Promise.reject(notFound()),
    zones: async (): Promise<CachedBody> => {
      const s = await current()
      return { body: s.zonesBody, builtAt: s.builtAt, etag: s.zonesEtag }
    },
    zone: async (zoneId: string) => (await current()).zonesById.get(zoneId) ?? Promise.reject(notFound()),
    stages: async (server: Server): Promise<CachedBody> => {
      const s = await current()
      const now = clock()
      const hit = stageCache.get(server)
      if (hit && hit.from === s && now < hit.validUntil) return hit.entry
      const cached = renderStages(s, server, now)
      stageCache.set(server, cached)
      const entry = cached.entry
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
    /** Every drop info of every server, active or not (server by server, in storage order within a stage). */
    dropInfoList: async (): Promise<DropInfoRecord[]> => {
      const s = await current()
      return SERVERS.flatMap((server) => [...s.infos[server].values()].flat())
    },
    /** Every drop info of a stage on a server, active or not, in storage order. */
    dropInfos: async (server: Server, stageId: string): Promise<readonly DropInfoRecord[]> => (await current()).infos[server].get(stageId) ?? [],
    periods: async (): Promise<CachedBody> => {
      const s = await current()
      return { body: s.periodsBody, builtAt: s.builtAt, etag: s.periodsEtag }
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
    /** Drops the cached `/config`: its next request reads it again (the demo's mark changed). */
    forgetConfig: () => {
      configCache = null
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
