import { startServer as startKitServer, type RunningServer } from '../../tooling/test-kit/server-process'

export { freePort, type RunningServer } from '../../tooling/test-kit/server-process'

/**
 * Starts the real server (`apps/server/src/server.ts`, tooling/test-kit) on a free loopback port: PGlite
 * in a fresh temp folder, or PostgreSQL when `databaseUrl` is given; its logs go to this process's output.
 * Waits until `/api/_/health` answers.
 */
export const startServer = (opts: { databaseUrl?: string; env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningServer> =>
  startKitServer({
    dataDir: opts.dataDir,
    tempPrefix: 'dropwise-bench-',
    writesPerMinute: 100_000_000,
    stdout: 'inherit',
    stderr: 'inherit',
    env: { DATABASE_URL: opts.databaseUrl ?? '', ...opts.env },
  })

/** A fresh PostgreSQL database for a benchmark run, or null when no server is reachable. */
export const freshPostgres = async (name: string): Promise<string | null> => {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: admin })
  try {
    await client.connect()
    await client.query(`drop database if exists ${name}`)
    await client.query(`create database ${name}`)
    const url = new URL(admin)
    url.pathname = `/${name}`
    return url.toString()
  } catch {
    return null
  } finally {
    await client.end().catch(() => {})
  }
}

export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/** Drops a benchmark's database (after its server stopped); a failure is ignored. */
export const dropPostgres = async (name: string): Promise<void> => {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: admin })
  try {
    await client.connect()
    await client.query(`drop database if exists ${name}`)
  } catch {
    // left behind: the next run of the same name drops it first
  } finally {
    await client.end().catch(() => {})
  }
}
