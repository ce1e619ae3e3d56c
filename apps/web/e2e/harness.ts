/* eslint-disable no-restricted-syntax -- a test harness, not the app: it hands the environment to child processes */
/**
 * Shared by the e2e suite and bench/web.ts: the built web app (rebuilt only when a source is newer
 * than apps/web/dist), our own server over a temporary data directory, and Debian's Chromium.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startServer as startKitServer, type RunningServer } from '../../../tooling/test-kit/server-process'

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

/** A server run by the e2e journeys and bench:web (tooling/test-kit `startServer`). */
export type { RunningServer } from '../../../tooling/test-kit/server-process'

/**
 * Our server (embedded PGlite in a temporary directory that starts as a copy of the shared seeded one,
 * no demo data, `ASSETS=off`: journeys that need the assets serve them from a local mirror,
 * tooling/test-kit/asset-mirror.ts) serving the built app from `webDist`; `extraEnv` wins over those
 * choices. Its output (warn-level logs) is kept for the error when it fails to start.
 */
export const startServer = (extraEnv: Record<string, string> = {}): Promise<RunningServer> =>
  startKitServer({ tempPrefix: 'dropwise-web-e2e-', webDist, env: extraEnv, seeded: true })

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
  return { server: srv.value, browser: withNavigationTimeout(b.value) }
}

/**
 * Every context of `browser` (however a journey opens it) may take 90 s to navigate, not Playwright's 30:
 * on a slow day of the 2-core CI machine (2026-11-27), with two test files, their servers and browsers at
 * once, 4 journeys' first loads went past 30 s to the network going idle. A page that never loads still fails.
 */
export const NAVIGATION_TIMEOUT_MS = 90_000
const withNavigationTimeout = (browser: Browser): Browser => {
  const open = browser.newContext.bind(browser)
  browser.newContext = async (options?: BrowserContextOptions) => {
    const ctx = await open(options)
    ctx.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS)
    return ctx
  }
  return browser
}

export interface E2eSetup {
  /** Set by the time the file's own `beforeAll` hooks run. */
  server: RunningServer
  browser: Browser
  /** A new context of `browser`, closed after the file's tests. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>
}

/**
 * The setup the journeys share, called inside their `describe`: before its tests the app is built when
 * a source changed (`build: false` leaves that to the file), then, within `timeoutMs`, our server (`env` added to its
 * environment, see startServer) and Chromium start; after them every context from `newContext`, the
 * browser and the server are closed. Hooks the file registers after this call run after the start and
 * before the close (Vitest runs `beforeAll` in order and `afterAll` in reverse).
 */
export const setUpServerAndBrowser = (
  env: Record<string, string> = {},
  { build = true, timeoutMs = 300_000 }: { build?: boolean; timeoutMs?: number } = {},
): E2eSetup => {
  const contexts: BrowserContext[] = []
  const setup = {
    newContext: async (options?: BrowserContextOptions) => {
      const ctx = await setup.browser.newContext(options)
      contexts.push(ctx)
      return ctx
    },
  } as E2eSetup
  beforeAll(async () => {
    if (build) ensureWebBuild((s) => console.log(s))
    Object.assign(setup, await launchServerAndBrowser(env))
  }, timeoutMs)
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await (setup.browser as Browser | undefined)?.close().catch(() => undefined)
    await (setup.server as RunningServer | undefined)?.stop()
  }, 120_000)
  return setup
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
 * do not count each other's reports. Only server-render.e2e runs on both (the real server process starts, seeds
 * and serves the pages on PostgreSQL, rendered with the API's numbers); what differs between the databases is the
 * server's, which its API tests cover on both. The other journeys run on PGlite alone (CI time).
 */
export const e2eBackends = (file: string): { name: string; env: Record<string, string> }[] => {
  const base = process.env.TEST_E2E_DATABASE_URL
  return [{ name: 'embedded PGlite', env: {} }, ...(base ? [{ name: 'PostgreSQL', env: { DATABASE_URL: `${base}_${file}` } }] : [])]
}
