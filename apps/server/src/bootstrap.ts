import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BinInfo } from '@dropwise/schemas'
import type { AcquireOptions } from './db/data-dir-lock'
import { migrate } from './db/migrate'
import type { PGliteDialectOptions } from './db/pglite-dialect'
import { recordSeedVersion } from './modules/game-data/game-data.wire'
import { createSeedRepository } from './modules/seed/seed.repository'
import { readSeedDir } from './modules/seed/seed-files'
import { createSeedService, type SeedOutcome } from './modules/seed/seed.service'
import { createDb, type Db } from './db/db'
import type { Env } from './config/env'

/**
 * Opens the database the environment names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR
 * (locked for this process: DataDirLockedError, a StartupError, when another process holds the folder).
 */
export const openDatabase = (
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  opts: {
    onStaleLock?: AcquireOptions['onStaleLock']
    onConnectionError?: (err: Error) => void
    onEngineEvent?: PGliteDialectOptions['onEvent']
    /** The server's liveness probe on PGlite (`PGLITE_STALL_EXIT_S`); CLIs go without. */
    stallExitMs?: number
  } = {},
): Promise<Db> =>
  env.DATABASE_URL
    ? createDb({ kind: 'postgres', url: env.DATABASE_URL, ...(opts.onConnectionError ? { onConnectionError: opts.onConnectionError } : {}) })
    : createDb({
        kind: 'pglite',
        dataDir: env.DATA_DIR,
        ...(opts.onStaleLock ? { onStaleLock: opts.onStaleLock } : {}),
        ...(opts.onEngineEvent ? { onEngineEvent: opts.onEngineEvent } : {}),
        ...(opts.stallExitMs ? { stallExitMs: opts.stallExitMs } : {}),
      })

/** Migrates, then loads the seed when the database does not hold this seed yet. */
export const prepareDatabase = async (db: Db, seedDir: string, opts: { force?: boolean } = {}) => {
  const migrations = await migrate(db)
  const seed = await readSeedDir(seedDir)
  const outcome: SeedOutcome = await createSeedService({ repository: createSeedRepository(db), clock: Date.now }).ensureSeeded(seed, opts)
  await recordSeedVersion(db, seed.manifest, Date.now())
  return { migrations, seed: outcome, counts: seed.manifest.counts }
}

export const readBinInfo = (build: string): BinInfo => {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { version: string }
  return { version: pkg.version, build }
}
