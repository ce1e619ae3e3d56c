/* eslint-disable no-restricted-syntax -- a test harness, not the app: it hands the environment to child processes */
/**
 * Shared by the e2e suite and bench/web.ts: the built web app (rebuilt only when a source is newer
 * than apps/web/dist), our own server over a temporary data directory, and Debian's Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
export const hasChromium = () => existsSync(CHROMIUM_PATH)

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
export const webRoot = join(repoRoot, 'apps/web')
/** Where the e2e build goes: apps/web/dist, or DROPWISE_WEB_DIST (an absolute path) so parallel work trees do not share one. */
export const webDist = process.env.DROPWISE_WEB_DIST ?? join(webRoot, 'dist')

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** A cross-process lock (a directory) so e2e files running in parallel build the app once. */
const withBuildLock = <T>(fn: () => T): T => {
  const lock = `${webDist.replace(/\/$/, '')}.lock`
  const deadline = Date.now() + 600_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      // A lock older than 10 minutes is left over from a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true })
      if (Date.now() > deadline) throw new Error(`could not take ${lock}`)
      sleepSync(500)
    }
  }
  try {
    return fn()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

const newestMtime = (path: string): number => {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = st.mtimeMs
  for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') max = Math.max(max, newestMtime(join(path, name)))
  return max
}

/** Builds apps/web unless dist/index.html is newer than every source it is built from. */
export const ensureWebBuild = (log: (s: string) => void = () => undefined): { built: boolean } =>
  withBuildLock(() => {
    const index = join(webDist, 'index.html')
    const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'build-plugins', 'package.json'].map((p) => join(webRoot, p))
    for (const pkg of readdirSync(join(repoRoot, 'packages'))) sources.push(join(repoRoot, 'packages', pkg, 'src'))
    const newest = Math.max(...sources.map(newestMtime))
    if (existsSync(index) && statSync(index).mtimeMs > newest) return { built: false }
    log('building apps/web …')
    // Not vitest's NODE_ENV=test: Vite would then bundle React's development build.
    const env = { ...process.env, NODE_ENV: 'production' }
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', webDist], { cwd: repoRoot, encoding: 'utf8', env })
    if (r.status !== 0) throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`)
    return { built: true }
  })

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
      // No downloads from tests: journeys that need the assets serve them from a local mirror (ASSETS_BASE_URL).
      ASSETS: 'off',
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

/**
 * Console errors, uncaught errors, failed requests and HTTP errors seen by one page.
 * Call `leaving(page)` just before the test itself navigates the page elsewhere: requests the old
 * document started (before the call, or after it while the next page was still loading: an idle
 * callback, a worker being spawned) and Chromium then cancels (`net::ERR_ABORTED`) were not failures
 * of the app, they were cut off by the test. Every other failed request still counts, aborted or not.
 * A request belongs to the document that was on screen when it started (counted by main-frame
 * navigations, which `watch` follows).
 */
const documents = new WeakMap<Page, number>()
const leftDocuments = new WeakMap<Page, Set<number>>()
export const leaving = (page: Page) => {
  const left = leftDocuments.get(page) ?? new Set<number>()
  left.add(documents.get(page) ?? 0)
  leftDocuments.set(page, left)
}

/** How `watch` reports a Content-Security-Policy violation: `csp: securitypolicyviolation: <directive> blocked <uri> at <file>:<line>`. */
export const CSP_VIOLATION = 'securitypolicyviolation:'

/**
 * Run in a document (init script) or a worker (evaluated when Playwright sees it start): every
 * `securitypolicyviolation` event is written to the console as an error naming the violated directive,
 * the blocked URI and where it happened, so `watch` counts it as a problem. Chromium writes a
 * document's refusals to the console itself too, but a worker's never reach Playwright; in a worker the
 * listener lands just after the worker started, so a refusal in its very first synchronous code would
 * still go unseen (that code failing usually shows some other way). Once per global, however often it is installed.
 */
export const CSP_VIOLATION_LISTENER = `(() => {
  const g = globalThis
  if (g.__dropwiseCspWatch) return
  g.__dropwiseCspWatch = true
  g.addEventListener('securitypolicyviolation', (e) => {
    console.error(${JSON.stringify(CSP_VIOLATION)} + ' ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || '(nothing)') + ' at ' + (e.sourceFile || '?') + ':' + e.lineNumber + (e.sample ? ' (' + e.sample + ')' : ''))
  }, true)
})()`

export const watch = (page: Page) => {
  const problems: string[] = []
  const documentNow = () => documents.get(page) ?? 0
  const startedIn = new WeakMap<object, number>()
  // The listener for the page's documents and workers. Registered without waiting (callers navigate
  // right after watch): a context that must not miss its first document adds it itself, awaited
  // (context.addInitScript(CSP_VIOLATION_LISTENER)); Chromium's own console message is there in any case.
  void page.addInitScript(CSP_VIOLATION_LISTENER).catch(() => undefined)
  page.on('worker', (w) => void w.evaluate(CSP_VIOLATION_LISTENER).catch(() => undefined))
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documents.set(page, documentNow() + 1)
  })
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    const text = m.text()
    problems.push(text.startsWith(CSP_VIOLATION) ? `csp: ${text}` : `console: ${text}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('request', (r) => startedIn.set(r, documentNow()))
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? ''
    if (error === 'net::ERR_ABORTED' && leftDocuments.get(page)?.has(startedIn.get(r) ?? documentNow())) return
    problems.push(`requestfailed: ${r.method()} ${r.url()} ${error}`)
  })
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`http ${r.status()}: ${r.request().method()} ${r.url()}`)
  })
  return problems
}

/** Resolves once the page has had no request in flight for `quietMs`. */
export const settle = async (page: Page, quietMs = 500, timeoutMs = 20_000) => {
  const inflight = new Set<unknown>()
  let last = Date.now()
  const on = (r: unknown) => {
    inflight.add(r)
    last = Date.now()
  }
  const off = (r: unknown) => {
    inflight.delete(r)
    last = Date.now()
  }
  page.on('request', on)
  page.on('requestfinished', off)
  page.on('requestfailed', off)
  const deadline = Date.now() + timeoutMs
  try {
    while (Date.now() < deadline && (inflight.size > 0 || Date.now() - last < quietMs)) await new Promise((r) => setTimeout(r, 100))
  } finally {
    page.off('request', on)
    page.off('requestfinished', off)
    page.off('requestfailed', off)
  }
}

/**
 * Our server (see startServer) and Debian's Chromium, started together. launch() runs Chromium on a
 * fresh temporary profile, removed on close. If either fails, the other is stopped before the error.
 */
export const launchServerAndBrowser = async (env: Record<string, string> = {}) => {
  const { chromium } = await import('playwright-core')
  const [srv, b] = await Promise.allSettled([startServer(env), chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })])
  if (srv.status === 'rejected' || b.status === 'rejected') {
    if (srv.status === 'fulfilled') await srv.value.stop()
    if (b.status === 'fulfilled') await b.value.close().catch(() => undefined)
    throw srv.status === 'rejected' ? srv.reason : (b as PromiseRejectedResult).reason
  }
  return { server: srv.value, browser: b.value }
}

/**
 * The start of the web benches: Chromium must be there (else a message and exit 1), the app is built
 * if its sources changed, then our server and Chromium are started.
 */
export const startWebBench = async () => {
  if (!hasChromium()) {
    console.error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`)
    process.exit(1)
  }
  ensureWebBuild((s) => console.log(s))
  return launchServerAndBrowser()
}

interface AnimatedDocument {
  getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[]
}
/**
 * Waits until every finite animation and transition has ended (dialogs fade in over ~225 ms, longer on
 * a loaded machine): axe measures colours as painted, so a half-faded dialog reads as low contrast.
 * Endless ones (progress spinners) are ignored.
 */
export const animationsDone = (page: Page, timeoutMs = 10_000) =>
  // A function, not a string: Playwright polls a string predicate with eval, which the app's
  // Content-Security-Policy refuses. Typed by hand: bench/tsconfig.json (which also compiles this file) has no DOM types.
  page.waitForFunction(
    () =>
      (globalThis as unknown as { document: AnimatedDocument }).document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: timeoutMs },
  )

/**
 * Runs a script of the test's own (axe-core) in the page. `page.addScriptTag` would insert an inline
 * `<script>`, which the app's Content-Security-Policy refuses (and reports); an evaluation through the
 * DevTools protocol is exempt from it, as Playwright's own evaluations are.
 */
export const addTestScript = async (page: Page, source: string) => {
  await page.evaluate(source)
}

/**
 * Databases a journey file runs on: the seeded embedded one always; PostgreSQL too when
 * TEST_E2E_DATABASE_URL is set, as `<that url>_<file>`: an empty database of the file's own (.ci/run
 * creates them), seeded by the server at start like `npm start` would, so files running in parallel
 * do not count each other's reports.
 */
export const e2eBackends = (file: string): { name: string; env: Record<string, string> }[] => {
  const base = process.env.TEST_E2E_DATABASE_URL
  return [{ name: 'embedded PGlite', env: {} }, ...(base ? [{ name: 'PostgreSQL', env: { DATABASE_URL: `${base}_${file}` } }] : [])]
}
