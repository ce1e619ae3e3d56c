// @vitest-environment node
/**
 * Security headers in Chromium (hardening issue, item 8): the web app runs under its
 * Content-Security-Policy without a single violation: the pre-rendered `/`, an item page, the planner
 * solving once (worker + HiGHS WebAssembly), the usage probe's websocket, and Swagger UI at /api/docs
 * under its own policy. Then the other way round: an injected inline script and a worker's fetch from
 * another origin are refused and reported, so a violation in any journey fails it (harness `watch`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page, Response, Worker } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSP_VIOLATION_LISTENER, hasChromium, leaving, type RunningServer, settle, setUpServerAndBrowser, startServer, watch } from './harness'

const chromium = hasChromium()
// Orirock Cube, Orirock Cluster (as planner.e2e.test.ts).
const CUBE = '30012'
const CLUSTER = '30013'

/** A policy as a map from directive to its sources. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name = '', ...sources]) => [name, sources]),
  )

/** Opens the planner and asks for a plan: its worker (HiGHS) starts and stays. */
const plannerWorker = async (page: Page, server: RunningServer): Promise<Worker> => {
  await page.goto(`${server.url}/planner`, { waitUntil: 'networkidle' })
  const input = page.getByTestId(`planner-need-${CLUSTER}`)
  await input.waitFor({ timeout: 30_000 })
  await input.click()
  await input.fill('1')
  await input.blur()
  const find = () => page.workers().find((w) => /planner\.worker/.test(w.url()))
  await expect.poll(() => find() !== undefined, { timeout: 30_000 }).toBe(true)
  return find()!
}

const violations = (problems: readonly string[]) => problems.filter((p) => p.startsWith('csp:') || /Content Security Policy/i.test(p))

describe.skipIf(!chromium)('security headers in Chromium', () => {
  const e2e = setUpServerAndBrowser()
  let context: BrowserContext

  beforeAll(async () => {
    context = await e2e.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
    // Awaited here, so the listener is in every document from its first script on.
    await context.addInitScript(CSP_VIOLATION_LISTENER)
  }, 300_000)

  afterAll(async () => {
    await context?.close().catch(() => undefined)
  })

  const expectAppPolicy = (res: Response | null) => {
    const headers = res?.headers() ?? {}
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['x-frame-options']).toBe('DENY')
    const csp = directives(headers['content-security-policy'] ?? '')
    const host = new URL(e2e.server.url).host
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", "'wasm-unsafe-eval'"]))
    // Inline scripts by hash only: no 'unsafe-inline', no 'unsafe-eval'.
    expect(csp.get('script-src')?.filter((s) => !/^'sha256-[A-Za-z0-9+/]+=*'$/.test(s))).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", `ws://${host}`, `wss://${host}`]))
    expect(csp.get('worker-src')).toEqual(["'self'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    return csp
  }

  it('runs /, an item page and the planner (WASM solve) with the policy and not one violation', async () => {
    const page = await context.newPage()
    const problems = watch(page)

    // The pre-rendered home page has inline scripts: the policy names each by hash.
    const home = await page.goto(`${e2e.server.url}/`, { waitUntil: 'networkidle' })
    const homePolicy = expectAppPolicy(home)
    expect(homePolicy.get('script-src')?.filter((s) => s.startsWith("'sha256-")).length).toBeGreaterThanOrEqual(2)
    await page.waitForSelector('#main', { timeout: 20_000 })
    await settle(page)

    // An item page, opened fresh: index.html (the SPA fallback) and its own start-up script. Leaving a
    // page aborts what it still loads at idle (the guide chip's /efficiency): not a failure.
    leaving(page)
    const item = await page.goto(`${e2e.server.url}/result/item/${CUBE}`, { waitUntil: 'networkidle' })
    expect(
      expectAppPolicy(item)
        .get('script-src')
        ?.some((s) => s.startsWith("'sha256-")),
    ).toBe(true)
    await page.waitForFunction(() => !document.querySelector('[data-testid="route-loading"]'), undefined, { timeout: 20_000 })
    await settle(page)

    // The planner: a worker that loads HiGHS' WebAssembly and solves.
    const workerScripts: Promise<Response | null>[] = []
    page.on('request', (r) => {
      if (/planner\.worker/.test(r.url())) workerScripts.push(r.response())
    })
    leaving(page)
    await page.goto(`${e2e.server.url}/planner`, { waitUntil: 'networkidle' })
    await page.waitForSelector(`[data-testid="planner-item-${CLUSTER}"]`, { timeout: 30_000 })
    const input = page.getByTestId(`planner-need-${CLUSTER}`)
    await input.click()
    await input.fill('10')
    await input.blur()
    await page.waitForSelector('[data-testid="planner-live"][data-state="fresh"][aria-busy="false"] [data-testid="planner-totals"]', { timeout: 30_000 })
    const objective = await page.getByTestId('planner-live').getByTestId('planner-totals').getAttribute('data-objective')
    expect(Number(objective)).toBeGreaterThan(0)
    // The worker runs under the policy sent with its script.
    expect(workerScripts.length).toBeGreaterThan(0)
    expect(directives((await workerScripts[0])?.headers()['content-security-policy'] ?? '').get('script-src')).toContain("'wasm-unsafe-eval'")

    // The usage probe's websocket (opened once the browser is idle) got through: it counted the visit.
    const counted = async () => ((await (await fetch(`${e2e.server.url}/api/_/probe`)).json()) as { paths: Record<string, number> }).paths['/planner'] ?? 0
    await expect.poll(counted, { timeout: 20_000, interval: 250 }).toBeGreaterThan(0)

    await settle(page)
    expect(violations(problems)).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  }, 180_000)

  it('renders Swagger UI at /api/docs under its own policy without a violation', async () => {
    const page = await context.newPage()
    const problems = watch(page)
    const res = await page.goto(`${e2e.server.url}/api/docs`, { waitUntil: 'networkidle' })
    const headers = res?.headers() ?? {}
    const csp = directives(headers['content-security-policy'] ?? '')
    expect(csp.get('script-src')).toEqual(["'self'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(headers['x-content-type-options']).toBe('nosniff')
    // The operations list is rendered from the OpenAPI document.
    await page.getByText('/api/v2/items', { exact: false }).first().waitFor({ timeout: 20_000 })
    await settle(page)
    expect(violations(problems)).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it('lets the app fetch the recognizer pack from another origin (RECOGNIZER_PACK_URL)', async () => {
    // Two more servers: one serves a pack folder (RECOGNIZER_PACK_DIR), the other announces it by its
    // address (another port, so another origin): CSP connect-src on one side, CORS `*` on the other.
    const packDir = mkdtempSync(join(tmpdir(), 'dropwise-security-pack-'))
    writeFileSync(join(packDir, 'pack.json'), '{"format":"dropwise-recognizer-pack"}')
    const packHost = await startServer({ RECOGNIZER_PACK_DIR: packDir })
    const other = await startServer({ RECOGNIZER_PACK_URL: `${packHost.url}/recognizer-pack/` })
    try {
      const packUrl = `${packHost.url}/recognizer-pack/pack.json`
      const direct = await fetch(packUrl, { headers: { origin: other.url } })
      expect(direct.headers.get('access-control-allow-origin')).toBe('*')
      expect(direct.headers.get('access-control-allow-credentials')).toBeNull()

      const page = await context.newPage()
      const problems = watch(page)
      const res = await page.goto(`${other.url}/`, { waitUntil: 'networkidle' })
      expect(directives(res?.headers()['content-security-policy'] ?? '').get('connect-src')).toContain(packHost.url)
      await page.waitForSelector('#main', { timeout: 20_000 })
      // From the page and from a worker (the recogniser's worker fetches the pack; every worker runs
      // under the policy of its script). A refusal would be a TypeError.
      const get = `fetch(${JSON.stringify(packUrl)}).then((r) => r.json()).then((j) => j.format, (e) => 'refused: ' + e)`
      expect(await page.evaluate(get)).toBe('dropwise-recognizer-pack')
      expect(await (await plannerWorker(page, other)).evaluate(get)).toBe('dropwise-recognizer-pack')
      await settle(page)
      expect(violations(problems)).toEqual([])
      expect(problems).toEqual([])
      await page.close()
    } finally {
      await Promise.all([other.stop(), packHost.stop()])
      rmSync(packDir, { recursive: true, force: true })
    }
  }, 180_000)

  it('reports what the policy refuses: an injected inline script, a worker fetching from another origin', async () => {
    const page = await context.newPage()
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/`, { waitUntil: 'networkidle' })
    await page.waitForSelector('#main', { timeout: 20_000 })
    expect(violations(problems)).toEqual([])

    // An inline script the policy has no hash for does not run, and the refusal is reported.
    const ran = await page.evaluate(() => {
      const s = document.createElement('script')
      s.textContent = 'window.__injected = true'
      document.head.append(s)
      return (window as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => violations(problems).join('\n')).toMatch(/csp: securitypolicyviolation: script-src-elem blocked inline/)

    // In a worker too (Chromium does not pass a worker's own refusal messages on to Playwright): the
    // planner's worker may not fetch from another origin. (Not eval: Playwright's evaluation is exempt.)
    const worker = await plannerWorker(page, e2e.server)
    const fetched = await worker.evaluate("fetch('https://csp-check.invalid/x').then(() => 'fetched', () => 'refused')")
    expect(fetched).toBe('refused')
    await expect.poll(() => violations(problems).join('\n')).toMatch(/csp: securitypolicyviolation: connect-src blocked https:\/\/csp-check\.invalid\/x/)
    await page.close()
  }, 90_000)
})
