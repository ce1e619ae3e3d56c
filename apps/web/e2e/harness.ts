/* eslint-disable no-restricted-syntax -- a test harness, not the app: it hands the environment to child processes */
/**
 * Shared by the e2e suite and bench/web.ts: the built web app (rebuilt only when a source is newer
 * than apps/web/dist), our own server over a temporary data directory, and Debian's Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
export const hasChromium = () => existsSync(CHROMIUM_PATH)

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
export const webRoot = join(repoRoot, 'apps/web')
export const webDist = join(webRoot, 'dist')

const newestMtime = (path: string): number => {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = st.mtimeMs
  for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') max = Math.max(max, newestMtime(join(path, name)))
  return max
}

/** Builds apps/web unless dist/index.html is newer than every source it is built from. */
export const ensureWebBuild = (log: (s: string) => void = () => undefined) => {
  const index = join(webDist, 'index.html')
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(webRoot, p))
  sources.push(join(repoRoot, 'packages/schemas/src'))
  const newest = Math.max(...sources.map(newestMtime))
  if (existsSync(index) && statSync(index).mtimeMs > newest) return { built: false }
  log('building apps/web …')
  // Not vitest's NODE_ENV=test: Vite would then bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' }
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, encoding: 'utf8', env })
  if (r.status !== 0) throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`)
  return { built: true }
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address()
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))))
    })
  })

export interface RunningServer {
  url: string
  child: ChildProcess
  stop(): Promise<void>
}

/** Our server (embedded PGlite in a temporary directory, no demo data) serving the built app. */
export const startServer = async (extraEnv: Record<string, string> = {}): Promise<RunningServer> => {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'dropwise-web-e2e-'))
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`server exited: ${stderr}`)
    }
    try {
      if ((await fetch(`${url}/api/_/health`)).ok) return { url, child, stop }
    } catch {
      // starting
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`server did not start: ${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}
