import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../apps/server/src/testing/server-process'

const serverEntry = fileURLToPath(new URL('../../apps/server/src/server.ts', import.meta.url))

export { freePort }

export interface RunningServer {
  url: string
  child: ChildProcess
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/**
 * Starts the real server (`apps/server/src/server.ts`) on a free loopback port: PGlite in a fresh temp
 * folder, or PostgreSQL when `databaseUrl` is given. Waits until `/api/_/health` answers.
 */
export const startServer = async (opts: { databaseUrl?: string; env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningServer> => {
  const port = await freePort()
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'dropwise-bench-'))
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      DEMO: '0',
      ASSETS: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'web'),
      RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/api/_/health`)).ok) break
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('server did not start within 120 s')
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    child,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => {
          if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
          resolve(code)
        })
        child.kill(signal)
      }),
  }
}

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
