import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely'
import pg from 'pg'
import { acquireDataDirLock, type AcquireOptions, type DataDirLock } from './data-dir-lock'
import type { Database } from './database'
import { startEngineWatchdog } from './engine-watchdog'
import { PGliteDialect, type PGliteDialectOptions } from './pglite-dialect'

export type DbKind = 'pglite' | 'postgres'

/** The one database handle repositories receive; they cannot tell PGlite from PostgreSQL. */
export interface Db {
  readonly kysely: Kysely<Database>
  readonly kind: DbKind
  close(): Promise<void>
  /** PGlite only: the data directory as a tarball (tests start their databases from one seeded copy). */
  dumpDataDir?(): Promise<Blob>
}

// bigint and numeric (e.g. sum(bigint)) come back as JS numbers: counts stay far below 2^53.
const INT8 = 20
const NUMERIC = 1700

export type DbOptions =
  | {
      kind: 'postgres'
      url: string
      poolSize?: number
      /** How long a query waits for a connection (a free one of the pool, or a new one) before it fails: 5 s. */
      connectTimeoutMs?: number
      /** A connection that failed on its own (terminated, the server restarted): logged, never thrown. */
      onConnectionError?: (err: Error) => void
    }
  | {
      kind: 'pglite'
      dataDir: string | null /* null = in memory */
      onStaleLock?: AcquireOptions['onStaleLock']
      /** Start from this data directory tarball (from `dumpDataDir`) instead of an empty cluster. */
      loadDataDir?: Blob
      /** A PANIC (a failed WAL write) and the engine opened again after it: see `PGliteDialectOptions`. */
      onEngineEvent?: PGliteDialectOptions['onEvent']
      /** The server's liveness probe: a statement running this long ends the process (`engine-watchdog.ts`). */
      stallExitMs?: number
    }

/**
 * The pool as Kysely uses it, where a query on a connection that failed between two statements (terminated
 * inside a transaction, say) says why: pg says only "not queryable", and the failure itself went to the
 * client's 'error' event. The error keeps pg's message and takes the failure's message and SQLSTATE.
 */
const explainingLostConnections = (pool: pg.Pool, lost: WeakMap<pg.PoolClient, Error>): PostgresPool => ({
  connect: async () => {
    const client = await pool.connect()
    const explain = (err: unknown) => {
      const cause = lost.get(client)
      if (!cause || cause === err || !(err instanceof Error)) return err
      return Object.assign(new Error(`${cause.message} (${err.message})`, { cause: err }), { code: (cause as { code?: unknown }).code })
    }
    const query = (sqlOrCursor: string, parameters?: readonly unknown[]) => {
      const result = client.query(sqlOrCursor, parameters as unknown[]) as unknown
      // A cursor (streamed results) is returned as it is.
      if (!(result instanceof Promise)) return result
      return result.catch((err: unknown) => {
        throw explain(err)
      })
    }
    return { query: query as PostgresPoolClient['query'], release: () => client.release() }
  },
  end: () => pool.end(),
})

/**
 * PGlite by default (a data folder), PostgreSQL when a URL is given: chosen here and nowhere else.
 * A PGlite data folder is locked for this process first (DataDirLockedError when another holds it) and
 * unlocked by `close()`, so every entry point (server, CLIs, benches, tests) gets one process per folder.
 */
export const createDb = async (options: DbOptions): Promise<Db> => {
  if (options.kind === 'postgres') {
    // A query never waits forever for a connection: during an outage it fails within the timeout (503).
    // Keep-alive finds a connection whose server vanished without closing it (a failover, a network cut).
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000, keepAlive: true })
    // A connection that fails on its own (pg_terminate_backend, an idle reaper, a restart) emits 'error' on
    // its client, and the pool repeats it while the client is idle. Unheard, either ends the process; heard
    // (once, on the client), the broken client is dropped and the next query opens a new connection.
    pool.on('error', () => {})
    const lost = new WeakMap<pg.PoolClient, Error>()
    pool.on('connect', (client) => {
      client.on('error', (err: Error) => {
        // The first says why (a terminated backend's FATAL message); "Connection terminated unexpectedly" follows.
        if (!lost.has(client)) lost.set(client, err)
        options.onConnectionError?.(err)
      })
      client.setTypeParser(INT8, (v: string) => Number(v))
      client.setTypeParser(NUMERIC, (v: string) => Number(v))
    })
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: explainingLostConnections(pool, lost) }) })
    return { kysely, kind: 'postgres', close: () => kysely.destroy() }
  }
  let lock: DataDirLock | null = null
  if (options.dataDir) lock = await acquireDataDirLock(options.dataDir, options.onStaleLock ? { onStaleLock: options.onStaleLock } : {})
  try {
    const parsers = { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) }
    const pglite = new PGlite({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers,
    })
    await pglite.waitReady
    // A data folder survives a PANIC: a fresh engine on it replays the WAL (PostgreSQL's crash recovery).
    const dataDir = options.dataDir
    const watchdog = options.stallExitMs ? startEngineWatchdog(options.stallExitMs) : undefined
    const dialect = new PGliteDialect(pglite, {
      ...(dataDir ? { reopen: async () => new PGlite({ dataDir, parsers }) } : {}),
      ...(options.onEngineEvent ? { onEvent: options.onEngineEvent } : {}),
      ...(watchdog ? { watchdog } : {}),
    })
    const kysely = new Kysely<Database>({ dialect })
    const close = async () => {
      try {
        await kysely.destroy()
        // Kysely closes the driver only when a query went through it: a database opened and closed
        // unused (a data folder loaded from a tarball) would stay open and keep the process alive.
        // After a PANIC the engine is never touched again (a statement would freeze the process).
        const engine = dialect.engine()
        if (!engine.closed && !dialect.stopped()) await engine.close()
      } finally {
        await watchdog?.stop()
        lock?.release()
      }
    }
    return { kysely, kind: 'pglite', close, dumpDataDir: () => dialect.engine().dumpDataDir('none') }
  } catch (err) {
    lock?.release()
    throw err
  }
}
