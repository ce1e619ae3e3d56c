import type { DataSyncResult, DataSyncStatus, DataVersion, DataVersions, Health, SeedMatrixRow, Server } from '@dropwise/schemas'
import type { Derived } from './game-data.derive'
import { SourceRefusal } from './game-data.sources'
import { planSync } from './game-data.plan'
import type { GameDataRepository } from './game-data.repository'

export interface GameDataServiceDeps {
  repository: GameDataRepository
  /** Rebuilds the in-memory catalog; the old copy serves until the new one is built. */
  refreshCatalog: () => Promise<unknown>
  /** Fetches, checks and derives (game-data.derive.ts; in a worker thread in the server); a refusal is a SourceRefusal. */
  derive: (rows: Record<Server, SeedMatrixRow[]>, at: number) => Promise<Derived>
  clock: () => number
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }
}

class Refusal extends Error {}

/**
 * The run-time game-data sync (issue 36): fetch the sources, derive the reference data with the importer's
 * own code, verify (schemas, the importer's invariants, removal guards), then apply what changed as a new
 * data version in one transaction. Refused or failed → the data stays and the reason is recorded.
 * Every process follows the newest version (`follow`) and rebuilds its catalog.
 */
export const createGameDataService = ({ repository, refreshCatalog, derive, clock, log }: GameDataServiceDeps) => {
  const listeners = new Set<(version: number) => void>()
  let known = 0
  let current: DataVersion | null = null
  let running: Promise<DataSyncResult> | null = null
  let lastTimings: Record<string, number> = {}
  let baselines: ReturnType<GameDataRepository['baselineRows']> | null = null

  /** Learns a version (ours or another process's): rebuild the catalog, then tell the listeners. */
  const advance = async (version: number) => {
    if (version <= known) return
    known = version
    current = (await repository.versions(1))[0] ?? null
    await refreshCatalog()
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
    const status = (outcome: DataSyncStatus['outcome'], reason: string | null, version: number | null): DataSyncStatus => ({ at, outcome, reason, version })
    let derived: ReturnType<typeof planSync> | null = null
    /** Milliseconds from the start at the end of each phase (logged; the bench reads them). */
    const timings: Record<string, number> = {}
    lastTimings = timings
    try {
      const t0 = performance.now()
      const lap = (phase: string) => {
        timings[phase] = Math.round(performance.now() - t0)
      }
      const base = await repository.currentVersion()
      // The baselines change only when a seed is loaded (at a start): read once per process.
      const rows = await (baselines ??= repository.baselineRows().catch((err: unknown) => {
        baselines = null
        throw err
      }))
      lap('baselineReadMs')
      const { ref, files } = await derive(rows, at)
      lap('derivedMs')
      const stored = await repository.stored()
      lap('storedReadMs')
      derived = planSync(ref, stored, at)
      lap('plannedMs')
      if (derived.refusal) throw new Refusal(derived.refusal)
      if (derived.empty) return finish(status('unchanged', null, null), derived, dryRun)
      if (dryRun) return finish(status('applied', 'dry run: nothing written', null), derived, dryRun)
      const outcome = await repository.apply(derived.plan, base, {
        appliedAt: clock(),
        asOf: at,
        sources: files,
        counts: derived.counts,
        changes: derived.changes,
      })
      if (!outcome.applied) return finish(status('unchanged', `version ${outcome.version} was applied by another process meanwhile`, null), derived, dryRun)
      lap('appliedMs')
      log.info({ version: outcome.version, changes: derived.changes, timings }, 'game data updated')
      await advance(outcome.version)
      return finish(status('applied', null, outcome.version), derived, dryRun)
    } catch (err) {
      const refused = err instanceof Refusal || err instanceof SourceRefusal
      const reason = (err as Error).message
      log.warn({ reason }, refused ? 'game-data update refused' : 'game-data sync failed')
      return finish(status(refused ? 'refused' : 'failed', reason, null), derived, dryRun)
    }
  }

  const finish = async (s: DataSyncStatus, derived: ReturnType<typeof planSync> | null, dryRun: boolean): Promise<DataSyncResult> => {
    if (!dryRun) await repository.setLastSync(s).catch((err: unknown) => log.warn({ err }, 'could not record the sync outcome'))
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
    versions: async (): Promise<DataVersions> => {
      const [versions, lastSync] = await Promise.all([repository.versions(), repository.lastSync()])
      const head = versions[0]
      if (!head) throw new Error('no game-data version is recorded (the seed load records version 1)')
      return { current: head, lastSync, versions }
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
