import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { DataVersion } from '../lib/data-version'
import { databaseUnavailable, isDatabaseUnavailable } from '../lib/db-unavailable'
import { V2_PREFIXES } from './compat'

/**
 * Whether the database has been migrated and seeded by this process yet. The server opens the gate once
 * `prepareDatabase` went through (`waitForDatabase`); until then the app listens, health says the database is
 * down (503), every API request answers 503 with `Retry-After`, and the web app is served as usual.
 */
export interface DatabaseGate {
  isOpen(): boolean
  open(): void
  /** Resolves when the gate opens. */
  readonly opened: Promise<void>
}

export const createDatabaseGate = (): DatabaseGate => {
  let isOpen = false
  let resolve = () => {}
  const opened = new Promise<void>((r) => (resolve = r))
  return {
    isOpen: () => isOpen,
    open() {
      isOpen = true
      resolve()
    },
    opened,
  }
}

const HEALTH_PATHS = new Set(['/api/_/health', '/api/_/bininfo'])
// What needs the database: the v2 API, the other API routes, the planner. The web app's files do not.
const needsDatabase = (path: string) => path.startsWith('/api/') || path.startsWith('/planner') || V2_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))

/** Health's database check, failing while the gate is closed (the database may answer but is not migrated yet). */
export const gatedPing = <R extends { ping: () => Promise<void> }>(gate: DatabaseGate | undefined, repository: R): R =>
  gate ? { ...repository, ping: () => (gate.isOpen() ? repository.ping() : Promise.reject(new Error('the database is not ready yet'))) } : repository

/**
 * Wires the gate into the app: requests wait behind it (503), and `start` (the workers that need the
 * database) runs once it opens, after the data version was read. Without a gate the database is ready now.
 */
export const wireDatabaseGate = async (
  app: FastifyInstance,
  opts: { gate: DatabaseGate | undefined; start: (() => Promise<void>) | null; readVersion: () => Promise<number>; version: DataVersion },
) => {
  const { gate, start } = opts
  if (!gate) {
    await start?.()
    return
  }
  let closed = false
  app.addHook('onClose', async () => {
    closed = true
  })
  app.addHook('onRequest', async (req) => {
    if (gate.isOpen()) return
    const path = req.url.split('?')[0] ?? '/'
    if (!HEALTH_PATHS.has(path) && needsDatabase(path)) throw databaseUnavailable()
  })
  void gate.opened
    .then(async () => {
      if (closed) return
      opts.version.advance(await opts.readVersion())
      if (!closed) await start?.()
    })
    .catch((err: unknown) => app.log.error({ err }, 'background work did not start'))
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref())

/**
 * Runs `prepare` (migrations, seed) until it goes through: while the database is unreachable it tries again
 * with a growing pause (0.5 s doubling to `maxDelayMs`), logging each change of state. Any other error is
 * thrown (a broken migration is a bug, not an outage). Resolves false when `stopped()` turned true first.
 */
export const waitForDatabase = async (
  prepare: () => Promise<void>,
  opts: { log: Pick<FastifyBaseLogger, 'warn' | 'info'>; stopped?: () => boolean; maxDelayMs?: number },
): Promise<boolean> => {
  const maxDelayMs = opts.maxDelayMs ?? 2000
  let delay = 500
  let failures = 0
  const started = Date.now()
  for (;;) {
    if (opts.stopped?.()) return false
    try {
      await prepare()
      if (failures > 0) opts.log.info({ waitedMs: Date.now() - started, attempts: failures + 1 }, 'the database is reachable again')
      return true
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err
      if (failures++ === 0) opts.log.warn({ err }, 'the database is unreachable: answering 503 until it is back, trying again')
    }
    await sleep(delay)
    delay = Math.min(delay * 2, maxDelayMs)
  }
}
