import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

/**
 * Kysely dialect over an in-process PGlite instance. PGlite is one connection, so the driver hands it
 * out to one borrower at a time (a transaction keeps it until commit). Queries without parameters go
 * through PGlite's simple-query protocol so multi-statement SQL (migrations) works as it does on pg.
 * (The published adapters pin PGlite ≤ 0.4; this one is small enough to own.)
 * Consequence for callers: code running inside a transaction must use the transaction handle only; a
 * query on the root handle would wait for the connection the transaction holds.
 */
export interface PGliteDialectOptions {
  /**
   * Opens the engine again on the same data folder (PostgreSQL's crash recovery replays the WAL). Given, a
   * PANIC is survived: queries fail at once (503) while it tries, every `reopenDelayMs` (doubling to 2 s),
   * until a fresh engine answers; then service resumes. Without it (an in-memory database) a PANIC is final.
   */
  reopen?: () => Promise<PGlite>
  reopenDelayMs?: number
  /** Told when each statement starts and ends (`engine-watchdog.ts`: a statement that never ends). */
  watchdog?: { begin(): void; end(): void }
  /** Each PANIC, and each engine opened again after one. */
  onEvent?: (event: { kind: 'panic'; err: Error } | { kind: 'reopened'; downMs: number } | { kind: 'reopen-failed'; err: unknown }) => void
}

export class PGliteDialect implements Dialect {
  private readonly state: EngineState
  constructor(pglite: PGlite, options: PGliteDialectOptions = {}) {
    this.state = { pglite, generation: 0, stopped: null, options }
  }
  /**
   * Set while the engine is stopped after a PANIC (a WAL write failed: a full disk, an I/O error). PGlite cannot
   * go on after that: its next statement spins forever on the event loop's thread, freezing the process. So the
   * stopped engine is never touched again (nor closed): every query fails at once (57P02, a 503 for requests)
   * until `reopen` gave a fresh engine on the same folder; without `reopen` the process must be restarted.
   */
  stopped(): Error | null {
    return this.state.stopped
  }
  /** The engine queries go to now (a fresh one after a PANIC was survived). */
  engine(): PGlite {
    return this.state.pglite
  }
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.state)
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

interface EngineState {
  pglite: PGlite
  /** Counts the engines opened: a borrower that began on a stopped one never talks to its successor. */
  generation: number
  stopped: Error | null
  readonly options: PGliteDialectOptions
  destroyed?: boolean
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref())

/** After a PANIC: a fresh engine on the same folder, tried until one opens (or the database is closed). */
const recover = async (state: EngineState) => {
  const { reopen, onEvent } = state.options
  if (!reopen) return
  const since = Date.now()
  let delay = state.options.reopenDelayMs ?? 500
  for (;;) {
    await sleep(delay)
    if (state.destroyed) return
    try {
      const fresh = await reopen()
      await fresh.waitReady
      if (state.destroyed) return void (await fresh.close().catch(() => {}))
      state.pglite = fresh
      state.generation++
      state.stopped = null
      onEvent?.({ kind: 'reopened', downMs: Date.now() - since })
      return
    } catch (err) {
      onEvent?.({ kind: 'reopen-failed', err })
    }
    delay = Math.min(delay * 2, 2000)
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve()
  private readonly connection: PGliteConnection

  constructor(private readonly state: EngineState) {
    this.connection = new PGliteConnection(state)
  }

  async init() {
    await this.state.pglite.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void
    const previous = this.queue
    this.queue = new Promise<void>((resolve) => (release = resolve))
    await previous
    this.connection.release = release
    this.connection.generation = this.state.generation
    return this.connection
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`))
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'))
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'))
  }
  async releaseConnection(conn: DatabaseConnection) {
    ;(conn as PGliteConnection).release()
  }
  async destroy() {
    this.state.destroyed = true
    if (!this.state.pglite.closed && !this.state.stopped) await this.state.pglite.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {}
  generation = 0
  constructor(private readonly state: EngineState) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.state.stopped) throw this.state.stopped
    if (this.generation !== this.state.generation) throw Object.assign(new Error('the embedded database was opened again under this transaction'), { code: '57P02' })
    const { watchdog } = this.state.options
    watchdog?.begin()
    try {
      return await this.run<R>(compiled)
    } catch (err) {
      const e = err as { severity?: unknown; message?: unknown }
      if (e.severity === 'PANIC' && !this.state.stopped) {
        const why = typeof e.message === 'string' ? e.message : 'PANIC'
        const next = this.state.options.reopen ? 'opening it again' : 'restart the server once the cause is fixed'
        this.state.stopped = Object.assign(new Error(`the embedded database stopped after a PANIC (${why}); ${next}`), { code: '57P02' })
        this.state.options.onEvent?.({ kind: 'panic', err: this.state.stopped })
        void recover(this.state)
      }
      throw err
    } finally {
      watchdog?.end()
    }
  }

  private async run<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled.parameters.length === 0) {
      const results = await this.state.pglite.exec(compiled.sql)
      const last = results[results.length - 1]
      return {
        rows: (last?.rows ?? []) as R[],
        ...(last?.affectedRows !== undefined ? { numAffectedRows: BigInt(last.affectedRows) } : {}),
      }
    }
    const result = await this.state.pglite.query<R>(compiled.sql, compiled.parameters as unknown[])
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    }
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite')
  }
}
