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
export class PGliteDialect implements Dialect {
  private readonly state: EngineState = { stopped: null }
  constructor(private readonly pglite: PGlite) {}
  /**
   * Set once the engine answered PANIC (a WAL write failed: a full disk, an I/O error). PGlite cannot go on
   * after that: its next statement spins forever on the event loop's thread, freezing the process. From then on
   * every query fails at once (57P02, a 503 for requests) and `close()` leaves the engine alone; the process
   * must be restarted (PostgreSQL's recovery replays the WAL on the next start).
   */
  stopped(): Error | null {
    return this.state.stopped
  }
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.state)
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

interface EngineState {
  stopped: Error | null
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve()
  private readonly connection: PGliteConnection

  constructor(
    private readonly pglite: PGlite,
    private readonly state: EngineState,
  ) {
    this.connection = new PGliteConnection(pglite, state)
  }

  async init() {
    await this.pglite.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void
    const previous = this.queue
    this.queue = new Promise<void>((resolve) => (release = resolve))
    await previous
    this.connection.release = release
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
    if (!this.pglite.closed && !this.state.stopped) await this.pglite.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {}
  constructor(
    private readonly pglite: PGlite,
    private readonly state: EngineState,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.state.stopped) throw this.state.stopped
    try {
      return await this.run<R>(compiled)
    } catch (err) {
      const e = err as { severity?: unknown; message?: unknown }
      if (e.severity === 'PANIC') {
        const why = typeof e.message === 'string' ? e.message : 'PANIC'
        this.state.stopped = Object.assign(new Error(`the embedded database stopped after a PANIC (${why}); restart the server once the cause is fixed`), {
          code: '57P02',
        })
      }
      throw err
    }
  }

  private async run<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled.parameters.length === 0) {
      const results = await this.pglite.exec(compiled.sql)
      const last = results[results.length - 1]
      return {
        rows: (last?.rows ?? []) as R[],
        ...(last?.affectedRows !== undefined ? { numAffectedRows: BigInt(last.affectedRows) } : {}),
      }
    }
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[])
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    }
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite')
  }
}
