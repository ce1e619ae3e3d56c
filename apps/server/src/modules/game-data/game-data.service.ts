import type { DataSyncResult, DataSyncStatus, DataVersion, DataVersions, Health, SeedMatrixRow, Server } from '@dropwise/schemas'
import { isDatabaseUnavailable } from '../../lib/db-unavailable'
import type { Prepared, UpstreamUse } from './game-data.prepare'
import { SourceRefusal } from './game-data.sources'
import { storedAfter, type SyncPlan } from './game-data.plan'
import type { ApplyPlan, GameDataRepository, StoredReference } from './game-data.repository'

export interface GameDataServiceDeps {
  repository: GameDataRepository
  /**
   * Rebuilds the in-memory catalog; the old copy serves until the new one is built. With `changed`, the copy
   * is of the version just before and only those drop-info groups (server, stage) need reading again.
   */
  refreshCatalog: (changed?: { dropInfoGroups: readonly { server: Server; stageId: string }[] }) => Promise<unknown>
  /**
   * Fetches, checks and derives, then compares with `stored` (game-data.derive.ts; in a worker thread in the
   * server, which `stored` is copied to); a refusal is a SourceRefusal.
   */
  prepare: (rows: Record<Server, SeedMatrixRow[]>, at: number, stored: Promise<StoredReference>) => Promise<Prepared>
  clock: () => number
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }
  /** Fault tests only: awaited inside the apply's transaction, midway through its writes. */
  applyMidway?: () => Promise<void>
}

class Refusal extends Error {}

/** The wait before an apply whose connection was lost (terminated, a failover) is tried once more. */
export const APPLY_RETRY_DELAY_MS = 1000

/**
 * The run-time game-data sync (issue 36): fetch the sources, derive the reference data with the importer's
 * own code, verify (schemas, the importer's invariants, removal guards), then apply what changed as a new
 * data version in one transaction. Refused or failed → the data stays and the reason is recorded.
 * Every process follows the newest version (`follow`) and rebuilds its catalog.
 */
export const createGameDataService = ({ repository, refreshCatalog, prepare, clock, log, applyMidway }: GameDataServiceDeps) => {
  const listeners = new Set<(version: number) => void>()
  let known = 0
  let current: DataVersion | null = null
  let running: Promise<DataSyncResult> | null = null
  let lastTimings: Record<string, number> = {}
  let baselines: ReturnType<GameDataRepository['baselineRows']> | null = null
  /** The version the catalog's copy shows in full (the version row read the same before and after its build), or null. */
  let catalogAt: number | null = null
  /**
   * The stored reference of one version, read once (at the start, in the background) and carried forward by
   * this process's own applies (storedAfter): a sync compares with it instead of reading every table again,
   * which on PGlite would run on the requests' thread. Another process's version makes it stale: read again.
   */
  let storedCopy: { version: number; ref: Promise<StoredReference> } | null = null
  const storedAt = (version: number): Promise<StoredReference> => {
    if (storedCopy?.version === version) return storedCopy.ref
    const ref = repository.stored()
    const copy = { version, ref }
    storedCopy = copy
    ref.catch(() => {
      if (storedCopy === copy) storedCopy = null
    })
    return ref
  }

  // The baselines change only when a seed is loaded (at a start): read once per process.
  const baselineRows = () =>
    (baselines ??= repository.baselineRows().catch((err: unknown) => {
      baselines = null
      throw err
    }))

  /**
   * Rebuilds the catalog. After our own apply of `from + 1` onto a copy of `from`, only the groups the apply
   * touched are read again; otherwise everything is.
   */
  let rebuilding: Promise<void> = Promise.resolve()
  const rebuildCatalog = (applied?: { from: number; plan: ApplyPlan }): Promise<void> => {
    // One rebuild at a time, in order: an older copy never replaces a newer one.
    const next = rebuilding.catch(() => {}).then(() => rebuildOnce(applied))
    rebuilding = next
    return next
  }
  const rebuildOnce = async (applied?: { from: number; plan: ApplyPlan }) => {
    const before = await repository.currentVersion()
    const incremental = applied !== undefined && catalogAt === applied.from && before === applied.from + 1
    catalogAt = null
    await refreshCatalog(incremental ? { dropInfoGroups: [...applied.plan.replaceGroups, ...applied.plan.retireGroups] } : undefined)
    // The copy is whole when no other version was applied while it was read.
    const after = await repository.currentVersion()
    catalogAt = before === after ? after : null
  }

  /** Learns a version (ours or another process's): rebuild the catalog, then tell the listeners. */
  const advance = async (version: number, applied?: { from: number; plan: ApplyPlan }) => {
    if (version <= known) return
    known = version
    current = (await repository.versions(1))[0] ?? null
    await rebuildCatalog(applied)
    for (const l of listeners) {
      try {
        l(version)
      } catch (err) {
        log.warn({ err }, 'game-data version listener failed')
      }
    }
  }

  const attempt = async (dryRun: boolean): Promise<DataSyncResult> => {
    const at = clock()
    const status = (outcome: DataSyncStatus['outcome'], reason: string | null, version: number | null): DataSyncStatus => ({
      at,
      outcome,
      reason,
      version,
      ...(upstream?.status ? { upstream: upstream.status } : {}),
    })
    let derived: SyncPlan | null = null
    /** What the sync took from the upstream (UPSTREAM_API), once prepared. */
    let upstream: UpstreamUse | null = null
    /** Milliseconds from the start at the end of each phase (logged; the bench reads them). */
    const timings: Record<string, number> = {}
    lastTimings = timings
    try {
      const t0 = performance.now()
      const lap = (phase: string) => {
        timings[phase] = Math.round(performance.now() - t0)
      }
      const base = await repository.currentVersion()
      const rows = await baselineRows()
      lap('baselineReadMs')
      // The stored data of `base` (kept from the last read or apply, else read while the worker derives; the
      // apply checks `base` again under its lock) goes to the worker, which derives and compares.
      const stored = storedAt(base)
      stored.catch(() => {})
      const { sync, files, upstream: fromUpstream } = await prepare(rows, at, stored)
      derived = sync
      upstream = fromUpstream
      lap('plannedMs')
      if (derived.refusal) throw new Refusal(derived.refusal)
      if (derived.empty) return finish(upstream, status('unchanged', null, null), derived, dryRun)
      if (dryRun) return finish(upstream, status('applied', 'dry run: nothing written', null), derived, dryRun)
      const { plan, counts, changes } = derived
      const apply = () => repository.apply(plan, base, { appliedAt: clock(), asOf: at, sources: files, counts, changes }, applyMidway)
      // The transaction rolled back with its connection: the derived plan still holds (the apply checks
      // `base` again under the lock), so it is tried once more on a new connection rather than an interval later.
      let retried: string | null = null
      const outcome = await apply().catch(async (err: unknown) => {
        if (!isDatabaseUnavailable(err)) throw err
        retried = (err as Error).message
        log.warn({ reason: retried }, 'game-data apply lost its database connection; trying once more')
        await new Promise((resolve) => setTimeout(resolve, APPLY_RETRY_DELAY_MS))
        return apply().catch((again: unknown) => {
          throw new Error(`${(again as Error).message} (on a second try; the first: ${retried})`)
        })
      })
      const note = retried === null ? null : `applied on a second try; the first lost its database connection: ${retried}`
      if (!outcome.applied) return finish(upstream, status('unchanged', `version ${outcome.version} was applied by another process meanwhile`, null), derived, dryRun)
      lap('appliedMs')
      const before = await stored
      if (storedCopy?.version === base) storedCopy = { version: outcome.version, ref: Promise.resolve(storedAfter(before, plan)) }
      log.info({ version: outcome.version, changes: derived.changes, timings }, 'game data updated')
      await advance(outcome.version, { from: base, plan: derived.plan })
      lap('refreshedMs')
      return finish(upstream, status('applied', note, outcome.version), derived, dryRun)
    } catch (err) {
      const refused = err instanceof Refusal || err instanceof SourceRefusal
      const reason = (err as Error).message
      log.warn({ reason }, refused ? 'game-data update refused' : 'game-data sync failed')
      return finish(upstream, status(refused ? 'refused' : 'failed', reason, null), derived, dryRun)
    }
  }

  const finish = async (upstream: UpstreamUse | null, s: DataSyncStatus, derived: SyncPlan | null, dryRun: boolean): Promise<DataSyncResult> => {
    if (!dryRun) await repository.setLastSync(s).catch((err: unknown) => log.warn({ err }, 'could not record the sync outcome'))
    // The upstream's fresh contribution is kept once a sync went through with it: the next one falls back on it.
    if (!dryRun && upstream?.extract && (s.outcome === 'applied' || s.outcome === 'unchanged')) {
      await repository.setUpstreamExtract(upstream.extract).catch((err: unknown) => log.warn({ err }, 'could not keep the upstream’s contribution'))
    }
    if (upstream?.status && upstream.status.outcome !== 'used') log.warn({ upstream: upstream.status }, 'the upstream’s stages, zones and items were not used')
    return { status: s, changes: derived?.changes ?? null, counts: derived?.counts ?? null, dryRun }
  }

  let timer: NodeJS.Timeout | null = null
  let poller: NodeJS.Timeout | null = null
  const runOnce = () =>
    (running ??= attempt(false).finally(() => {
      running = null
    }))

  return {
    /** One sync; a call while one runs waits for it (same outcome). `dryRun` derives and compares, writes nothing. */
    sync: ({ dryRun = false }: { dryRun?: boolean } = {}): Promise<DataSyncResult> => {
      if (dryRun) return attempt(true)
      return runOnce()
    },
    /** Phase timings of the last attempt (ms since its start at the end of each phase). */
    lastTimings: () => ({ ...lastTimings }),
    /** The current version, the last sync and the newest `limit` recorded versions (all kept ones by default, up to 100). */
    versions: async (limit?: number): Promise<DataVersions> => {
      const [versions, lastSync] = await Promise.all([repository.versions(Math.max(1, limit ?? 100)), repository.lastSync()])
      const head = versions[0]
      if (!head) throw new Error('no game-data version is recorded (the seed load records version 1)')
      return { current: head, lastSync, versions: limit === undefined ? versions : versions.slice(0, limit) }
    },
    /** `/api/_/health`'s `data`: the version served, its age and the last sync's outcome. */
    health: async (): Promise<Health['data']> => {
      current ??= (await repository.versions(1))[0] ?? null
      if (!current) return undefined
      const lastSync = await repository.lastSync()
      return { version: current.version, asOf: current.asOf, ageS: Math.max(0, Math.floor((clock() - current.asOf) / 1000)), lastSync }
    },
    /**
     * Calls `listener(version)` after each new game-data version is applied (here or by another process on
     * the same database) and the catalog serves it. Returns the unsubscribe.
     */
    onGameDataVersion: (listener: (version: number) => void): (() => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Polls the version row (every `pollMs`) and syncs every `intervalMs` when set. */
    start: async ({ intervalMs, pollMs = 2000 }: { intervalMs: number | null; pollMs?: number }) => {
      known = await repository.currentVersion()
      // In the background: learn which version the catalog shows (so an apply refreshes only what it
      // touched), read the baselines the derivation needs and the stored data it is compared with, so the
      // first sync does not wait for them (nor read them while requests come in).
      void rebuildCatalog()
        .then(baselineRows)
        .then(async () => storedAt(await repository.currentVersion()))
        .catch((err: unknown) => log.warn({ err }, 'game-data warm-up failed'))
      poller = setInterval(() => {
        repository
          .currentVersion()
          .then(advance)
          .catch((err: unknown) => log.warn({ err }, 'game-data version poll failed'))
      }, pollMs)
      poller.unref()
      if (intervalMs !== null) {
        timer = setInterval(() => void runOnce(), intervalMs)
        timer.unref()
      }
    },
    stop: async () => {
      if (timer) clearInterval(timer)
      if (poller) clearInterval(poller)
      await running?.catch(() => {})
    },
  }
}
export type GameDataService = ReturnType<typeof createGameDataService>
