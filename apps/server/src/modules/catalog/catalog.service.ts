import { NO_END_MS, SERVERS, type Formula, type Item, type Server, type Stage, type Zone } from '@dropwise/schemas'
import { notFound } from '../../lib/errors'
import type { CatalogRepository } from './catalog.repository'
import { isActiveAt, toItem, toNotice, toPeriod, toStage, toZone, type DropInfoRow } from './catalog.mapper'

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
  stageRows: Map<string, Awaited<ReturnType<CatalogRepository['stages']>>[number]>
  /** server → stageId → drop infos of that stage on that server */
  infos: Record<Server, Map<string, DropInfoRow[]>>
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

  const build = async (): Promise<Snapshot> => {
    const [itemRows, zoneRows, stageRows, infoRows, periodRows, formulaRows] = await Promise.all([
      repository.items(),
      repository.zones(),
      repository.stages(),
      repository.dropInfos(),
      repository.periods(),
      repository.formulas(),
    ])
    const items = itemRows.map(toItem)
    const stagesByZone = new Map<string, string[]>()
    for (const s of stageRows) stagesByZone.set(s.zone_id, [...(stagesByZone.get(s.zone_id) ?? []), s.stage_id])
    const zones = zoneRows.map((z) => toZone(z, stagesByZone.get(z.zone_id) ?? []))
    const infos = Object.fromEntries(SERVERS.map((s) => [s, new Map<string, DropInfoRow[]>()])) as Snapshot['infos']
    const boundarySets = Object.fromEntries(SERVERS.map((s) => [s, new Set<number>()])) as Record<Server, Set<number>>
    for (const info of infoRows) {
      const server = info.server as Server
      const list = infos[server].get(info.stage_id)
      if (list) list.push(info)
      else infos[server].set(info.stage_id, [info])
      boundarySets[server].add(info.start_at)
      if (info.end_at < NO_END_MS) boundarySets[server].add(info.end_at)
    }
    const boundaries = Object.fromEntries(
      SERVERS.map((s) => [s, [...boundarySets[s]].sort((a, b) => a - b)]),
    ) as Record<Server, number[]>
    stageCache.clear()
    return {
      builtAt: clock(),
      items,
      itemsById: new Map(items.map((i) => [i.itemId, i])),
      itemsBody: JSON.stringify(items),
      zones,
      zonesById: new Map(zones.map((z) => [z.zoneId, z])),
      zonesBody: JSON.stringify(zones),
      stageRows: new Map(stageRows.map((s) => [s.stage_id, s])),
      infos,
      boundaries,
      periodsBody: JSON.stringify(periodRows.map(toPeriod)),
      formulasBody: JSON.stringify(formulaRows.map((f) => f.body)),
    }
  }

  const current = () => (snapshot ??= build().catch((err: unknown) => {
    snapshot = null
    throw err
  }))

  const nextBoundary = (s: Snapshot, server: Server, now: number) =>
    s.boundaries[server].find((b) => b > now) ?? Number.POSITIVE_INFINITY

  const stageOf = (s: Snapshot, stageId: string, server: Server, now: number): Stage | null => {
    const row = s.stageRows.get(stageId)
    return row ? toStage(row, s.infos[server].get(stageId) ?? [], now) : null
  }

  return {
    /** Drops the in-memory copy; the next call reads the database again. */
    reload: () => {
      snapshot = null
      noticeCache = null
      configCache = null
      return current()
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
      const list = [...s.stageRows.keys()].map((id) => stageOf(s, id, server, now) as Stage)
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
      return [...s.stageRows.keys()].map((id) => stageOf(s, id, server, now) as Stage)
    },
    formulaList: async () => JSON.parse((await current()).formulasBody) as Formula[],
    stage: async (stageId: string, server: Server) =>
      stageOf(await current(), stageId, server, clock()) ?? Promise.reject(notFound()),
    stageRow: async (stageId: string) => (await current()).stageRows.get(stageId) ?? null,
    stageRows: async () => [...(await current()).stageRows.values()],
    /** A stage is open on a server when any of its drop infos there is active now (§10.2). */
    isStageOpen: async (stageId: string, server: Server, now = clock()) =>
      ((await current()).infos[server].get(stageId) ?? []).some((i) => isActiveAt(i, now)),
    openStageIds: async (server: Server, now = clock()) => {
      const s = await current()
      return new Set([...s.infos[server]].filter(([, list]) => list.some((i) => isActiveAt(i, now))).map(([id]) => id))
    },
    dropInfos: async (server: Server, stageId: string) => (await current()).infos[server].get(stageId) ?? [],
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
      const body = JSON.stringify((await repository.notices()).map(toNotice))
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
      configCache = { body: JSON.stringify(value), builtAt: row?.updated_at ?? now, validUntil: now + SHORT_TTL_MS, extras: extrasKey }
      return configCache
    },
  }
}
export type CatalogService = ReturnType<typeof createCatalogService>
