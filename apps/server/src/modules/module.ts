import type { BinInfo } from '@dropwise/schemas'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import type { AppOptions } from '../app-options'
import type { Db } from '../db/db'
import type { DataVersion } from '../lib/data-version'
import type { Budgets } from '../lib/limits'
import { V2_PREFIXES } from '../plugins/compat'
import { DATA_VERSION_HEADER } from './catalog/catalog.snapshot'

/**
 * What every module is given (app.ts builds it once). A module takes what it needs from here, and the
 * handles of the few modules it builds on from their decorations (`app.catalog`, `app.accounts`, …), each
 * declared and owned by the module that decorates it and named in its `dependencies`.
 */
export interface ModuleDeps {
  db: Db
  clock: () => number
  /** Version of the aggregated statistics (advanced by the aggregation worker). */
  version: DataVersion
  /** Follows `version` and the game data: answers that read the catalog too (periods, open stages) rebuild when either moves. */
  answers: DataVersion & { bump(): void }
  /** Per-address budgets (writes, identity, advanced queries). */
  budgets: Budgets
  /** Redis when configured (`REDIS_URL`), else null. */
  redis: Redis | null
  /** Called when Redis fails and a module fell back to the database. */
  onRedisFallback: (err: unknown) => void
  /** Whether this process runs the background work (timers, workers, syncs); tests drive it themselves. */
  background: boolean
  /** Resolves once the database is migrated (the server may listen before it: plugins/database-gate.ts); undefined: ready now. */
  databaseReady: Promise<void> | undefined
  /** Runs `task` in a background process once the database is ready and the data version read (plugins/database-gate.ts). */
  onBackgroundStart: (task: () => void | Promise<void>) => void
  binInfo: BinInfo
  /** The module's own settings (`options.gameData`, `options.upstream`, …). */
  options: AppOptions
}

/**
 * A module: one Fastify plugin that builds its repository and service, registers its routes and decorates
 * the app with its handle. `dependencies` names the modules whose decorations it reads (checked at registration).
 */
export const defineModule = (name: string, register: (app: FastifyInstance, deps: ModuleDeps) => Promise<void>, dependencies: string[] = []) =>
  fp<ModuleDeps>(register, { name, dependencies })

/**
 * Registers routes under both v2 bases (`/api/v2`, `/PenguinStats/api/v2`); with `servedDataVersion`, every
 * answer names the game-data version it was answered under (docs/api-extensions.md §3j).
 */
export const underV2 = async (app: FastifyInstance, register: (v2: FastifyInstance) => PromiseLike<unknown>, servedDataVersion?: () => number) => {
  for (const prefix of V2_PREFIXES) {
    await app.register(
      async (v2) => {
        if (servedDataVersion) {
          v2.addHook('onSend', (_req, reply, payload, done) => {
            const served = servedDataVersion()
            if (served > 0) reply.header(DATA_VERSION_HEADER, String(served))
            done(null, payload)
          })
        }
        await register(v2)
      },
      { prefix },
    )
  }
}
