import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { createServer } from 'node:net'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'

/** The real server entry, run as its own process by the process-level tests. */
export const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url))

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>
  /** stdout and stderr so far. */
  output(): string
  /** Resolves with the exit code (null when ended by a signal) once the process has ended. */
  exited: Promise<number | null>
}

/**
 * Spawns `server.ts` (through tsx) on 127.0.0.1 with the demo off and warn-level logs; `env` adds to or
 * overrides the environment (PORT, DATA_DIR, DATABASE_URL, …); `cwd` is its working directory. Does not wait for anything.
 */
export const spawnServer = (env: Record<string, string>, options: { cwd?: string } = {}): ServerProcess => {
  // tsx by its resolved address, so the process may run in any working directory.
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), SERVER_ENTRY], {
    env: { ...process.env, HOST: '127.0.0.1', DEMO: '0', ASSETS: 'off', LOG_LEVEL: 'warn', ...env },
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** Polls `url` until it answers 2xx; throws (with the process output) when the process ends or time runs out. */
export const waitForOk = async (server: ServerProcess, url: string, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`server exited early:\n${server.output()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${server.output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
