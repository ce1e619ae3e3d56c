import { fileURLToPath } from 'node:url'
import { SOURCES_AS_OF_MS } from '@dropwise/importer/self-check'
import type { SeedManifest } from '@dropwise/schemas'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/db'
import type { CatalogService } from '../catalog/catalog.service'
import { createGameDataRepository } from './game-data.repository'
import { createGameDataService, type GameDataService } from './game-data.service'
import { prepareInWorker } from './derive-worker'
import { prepareFromSources } from './game-data.prepare'

/** The run-time game-data sync's settings (`DATA_SYNC`, `DATA_SYNC_INTERVAL_S`, `ASSETS_BASE_URL`, `OPS_TOKEN`). */
export interface GameDataOptions {
  /** Sync every `intervalS` (the server; off in tests: they call `sync()`). */
  enabled?: boolean
  intervalS?: number
  baseUrl?: string
  opsToken?: string
  /** Folder of the files no repository serves (default: the seed folder, `data/seed/`, whose `toolbox-history.json` the importer derives). */
  localDir?: string
  /** A fetch to use instead of the global one (then the derivation runs on this thread, not in a worker). */
  fetch?: typeof fetch
  /** Version poll period (other processes' versions); 2 s. */
  pollMs?: number
  /** Fault tests only (`DATA_SYNC_TEST_PAUSE_MS`): each apply pauses this long midway, inside its transaction. */
  testPauseMs?: number
  /**
   * `UPSTREAM_API`: the upstream's `/stages`, `/zones` and `/items` are one more source (issue 40;
   * game-data.upstream.ts, docs/api-extensions.md §3j).
   */
  upstreamUrl?: string
}

export const DEFAULT_SYNC_DIR = fileURLToPath(new URL('../../../../../data/seed/', import.meta.url))

/**
 * Builds the game-data service (game-data.module.ts registers its routes). With `background`, the process follows other
 * processes' versions (poll) and, when enabled, syncs on its schedule; stops on close.
 */
export const wireGameData = async (
  app: FastifyInstance,
  {
    db,
    catalog,
    options = {},
    background,
    clock,
    databaseReady = Promise.resolve(),
  }: { db: Db; catalog: CatalogService; options?: GameDataOptions; background: boolean; clock: () => number; databaseReady?: Promise<void> },
): Promise<GameDataService> => {
  const repository = createGameDataRepository(db)
  const gameData = createGameDataService({
    repository,
    refreshCatalog: (changed) => catalog.refresh(changed),
    prepare: async (rows, at, stored) => {
      const deps = { baseUrl: options.baseUrl ?? 'https://raw.githubusercontent.com', localDir: options.localDir ?? DEFAULT_SYNC_DIR }
      const expectedSha = await seedShas(repository)
      const upstream = { url: options.upstreamUrl ?? null, last: await repository.upstreamExtract() }
      // A worker thread keeps the seconds of parsing, deriving and comparing off the event loop; an injected fetch runs inline.
      if (options.fetch) return prepareFromSources({ ...deps, fetch: options.fetch, expectedSha, upstream }, rows, at, stored)
      return prepareInWorker({ ...deps, expectedSha: [...expectedSha], rows, at, upstream }, stored)
    },
    clock,
    log: { info: (o, m) => app.log.info(o, m), warn: (o, m) => app.log.warn(o, m) },
    ...(options.testPauseMs ? { applyMidway: testPause(options.testPauseMs, (m) => app.log.warn({ pauseMs: options.testPauseMs }, m)) } : {}),
  })
  app.decorate('gameData', gameData)
  if (background) {
    const intervalMs = options.enabled ? (options.intervalS ?? 3600) * 1000 : null
    // Once the database is migrated (the server may listen before it: plugins/database-gate.ts).
    let closed = false
    const start = () => (closed ? undefined : gameData.start({ intervalMs, ...(options.pollMs ? { pollMs: options.pollMs } : {}) }))
    app.addHook('onReady', async () => void databaseReady.then(start).catch((err: unknown) => app.log.error({ err }, 'the game-data sync did not start')))
    app.addHook('preClose', async () => {
      closed = true
    })
    app.addHook('onClose', async () => gameData.stop())
  }
  return gameData
}

/** The fault tests' pause inside an apply: says so (they wait for the line), then waits `ms`. */
const testPause = (ms: number, say: (msg: string) => void) => async () => {
  say('game-data apply paused')
  await new Promise((resolve) => setTimeout(resolve, ms))
}

/** SHA-256 per raw path as the seed (version 1) recorded them: pinned and local files must still match. */
export const seedShas = async (repository: ReturnType<typeof createGameDataRepository>) => {
  const versions = await repository.versions()
  const seed = versions.find((v) => v.version === 1)
  return new Map((seed?.sources ?? []).map((s) => [s.path, s.sha256]))
}

/** Records the seed as game-data version 1 (once per database; its game data is as of the seed's newest raw input). */
export const recordSeedVersion = (db: Db, manifest: SeedManifest, appliedAt: number) =>
  createGameDataRepository(db).ensureSeedVersion({
    appliedAt,
    asOf: SOURCES_AS_OF_MS,
    sources: manifest.sources.map((s) => ({ repo: 'seed', ref: manifest.contentHash, commit: null, path: s.path, sha256: s.sha256, bytes: 0 })),
    counts: Object.fromEntries(Object.entries(manifest.counts).filter(([k]) => !k.startsWith('openStages'))),
    changes: {},
  })

declare module 'fastify' {
  interface FastifyInstance {
    /** The game-data sync (issue 36): `gameData.onGameDataVersion(listener)` for modules that follow the game data. */
    gameData: GameDataService
  }
}
