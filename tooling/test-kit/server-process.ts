/* eslint-disable no-restricted-syntax -- a test kit, not the app: it hands the environment to child processes */
/**
 * The one way the server tests, the e2e journeys and the benches run the real server
 * (`apps/server/src/server.ts`) as a process of its own: a free loopback port, the environment every
 * caller starts from (demo off, no asset downloads, warn-level logs), readiness by polling a URL, and a
 * stop that ends the process (SIGKILL when it does not exit in time) and removes its temporary data folder.
 * A plain folder of TypeScript imported by relative path (no workspace package, so no install step).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root folder (ends with a slash). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** The real server entry, run as its own process. */
export const SERVER_ENTRY = join(repoRoot, 'apps/server/src/server.ts')

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

export interface ServerProcess {
  child: ChildProcess
  /** stdout and stderr so far, as far as they are piped (see `SpawnOptions`). */
  output(): string
  /** Resolves with the exit code (null when ended by a signal) once the process has ended. */
  exited: Promise<number | null>
}

export interface SpawnOptions {
  /** Working directory of the process (default: this process's). */
  cwd?: string
  /** `pipe` (default) keeps the stream for `output()`; `inherit` shows it live; `ignore` drops it. */
  stdout?: 'pipe' | 'inherit' | 'ignore'
  stderr?: 'pipe' | 'inherit'
  /** Modules the process loads before the server (`node --import`, after tsx): a test's fault injection. */
  preload?: string[]
}

/**
 * Spawns `server.ts` (through tsx) on 127.0.0.1 with the demo off, `ASSETS=off` (no downloads from
 * tests: journeys that need the assets serve them from a local mirror, `asset-mirror.ts`) and warn-level
 * logs; `env` adds to or overrides the environment (PORT, DATA_DIR, DATABASE_URL, …). Does not wait for anything.
 */
export const spawnServer = (env: Record<string, string>, options: SpawnOptions = {}): ServerProcess => {
  // tsx by its resolved address, so the process may run in any working directory.
  const preload = (options.preload ?? []).flatMap((path) => ['--import', path])
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), ...preload, SERVER_ENTRY], {
    env: { ...process.env, HOST: '127.0.0.1', DEMO: '0', ASSETS: 'off', LOG_LEVEL: 'warn', ...env },
    cwd: options.cwd,
    stdio: ['ignore', options.stdout ?? 'pipe', options.stderr ?? 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

const hasEnded = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

/** Polls `url` until it answers 2xx; throws (with the process output) when the process ends or time runs out. */
export const waitForOk = async (server: ServerProcess, url: string, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (hasEnded(server.child)) throw new Error(`server exited early:\n${server.output()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${server.output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * Sends `signal` and waits for the exit; a process still there after `killAfterMs` gets SIGKILL.
 * Resolves with the exit code (null when ended by a signal).
 */
export const stopServer = async (server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 5000): Promise<number | null> => {
  if (!hasEnded(server.child)) {
    server.child.kill(signal)
    const timer = setTimeout(() => {
      if (!hasEnded(server.child)) server.child.kill('SIGKILL')
    }, killAfterMs)
    try {
      await server.exited
    } finally {
      clearTimeout(timer)
    }
  }
  return server.exited
}

export interface StartOptions extends SpawnOptions {
  /** Added last: wins over everything below. */
  env?: Record<string, string>
  /** Data folder (kept at stop); default a fresh temporary folder named `<tempPrefix>…`, removed at stop. */
  dataDir?: string
  tempPrefix?: string
  /** The built web app to serve (`WEB_DIST`); default `<dataDir>/web` (none: the API only). */
  webDist?: string
  /** `RATE_LIMIT_WRITES_PER_MINUTE`: tests and benches send far more than a player. */
  writesPerMinute?: number
  /**
   * Start the temporary data folder as a copy of a seeded one (`seededDataDir`) instead of empty: the
   * process skips migrating and seeding (~10 s of CPU on PGlite). Not with `dataDir` or a `DATABASE_URL`.
   */
  seeded?: boolean
  /** How long to wait for `/api/_/health` to answer. */
  timeoutMs?: number
}

export interface RunningServer extends ServerProcess {
  url: string
  port: number
  /** Ends the process (see `stopServer`) and removes its temporary data folder; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

let seededTemplate: string | undefined
/**
 * The path of a migrated and seeded PGlite data folder shared by the test processes (made on first use
 * by apps/server/src/testing/seeded-database.ts, keyed by the digest of what it is made from).
 */
export const seededDataDir = (): string => {
  if (seededTemplate) return seededTemplate
  const cli = join(repoRoot, 'apps/server/src/testing/seeded-data-dir-cli.ts')
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), cli], { cwd: repoRoot, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`seeded data folder: ${cli} failed:\n${r.stdout}\n${r.stderr}`)
  return (seededTemplate = r.stdout.trim())
}

/**
 * Starts the real server on a free loopback port in the repository's root folder: the embedded database
 * (PGlite) in `dataDir` unless `env.DATABASE_URL` names PostgreSQL, and waits until `/api/_/health`
 * answers. When it exits or does not answer in time, it is stopped and the error carries its output.
 */
export const startServer = async (opts: StartOptions = {}): Promise<RunningServer> => {
  const port = await freePort()
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), opts.tempPrefix ?? 'dropwise-server-'))
  // A copy of the shared seeded folder: the process finds its migrations applied and the seed in place.
  if (opts.seeded && !opts.dataDir && !opts.env?.DATABASE_URL) cpSync(seededDataDir(), dataDir, { recursive: true })
  const proc = spawnServer(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: opts.webDist ?? join(dataDir, 'web'),
      RATE_LIMIT_WRITES_PER_MINUTE: String(opts.writesPerMinute ?? 1_000_000),
      ...opts.env,
    },
    { cwd: opts.cwd ?? repoRoot, stdout: opts.stdout, stderr: opts.stderr },
  )
  const url = `http://127.0.0.1:${port}`
  const stop = async (signal?: NodeJS.Signals) => {
    const code = await stopServer(proc, signal)
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
    return code
  }
  try {
    await waitForOk(proc, `${url}/api/_/health`, opts.timeoutMs ?? 120_000)
  } catch (err) {
    await stop()
    throw err
  }
  return { ...proc, url, port, stop }
}
