// @vitest-environment node
/**
 * The interactive API docs (Swagger UI at /api/docs) in Chromium: the served OpenAPI document renders
 * every operation, with no resolver error, under the docs' own Content-Security-Policy and without a
 * console error (harness `watch`). One operation is opened to its request and answer schemas, whose
 * `$ref`s Swagger UI resolves only then.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { hasChromium, settle, setUpServerAndBrowser, watch } from './harness'

const chromium = hasChromium()
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

describe.skipIf(!chromium)('API docs in Chromium', () => {
  // The docs need no web build: an empty folder of its own, so no build is started or waited for.
  const webDist = mkdtempSync(join(tmpdir(), 'dropwise-api-docs-web-'))
  const e2e = setUpServerAndBrowser({ WEB_DIST: webDist, ASSETS: 'off' }, { build: false, timeoutMs: 180_000 })

  afterAll(async () => {
    rmSync(webDist, { recursive: true, force: true })
  })

  it('renders every operation of the document, with no resolver error', async () => {
    const doc = (await (await fetch(`${e2e.server.url}/api/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> }
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).filter((m) => METHODS.includes(m)).length, 0)
    expect(operations).toBeGreaterThan(30)

    const context = await e2e.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/api/docs`, { waitUntil: 'networkidle' })
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 })
    await settle(page)
    expect(await page.locator('.opblock').count()).toBe(operations)

    // Open one operation whose request and answers are component refs (getStages: Stage → DropInfo).
    const stages = page.locator('.opblock', { has: page.locator('[data-path="/api/v2/stages"]') }).first()
    await stages.locator('.opblock-summary').click()
    await stages.locator('.responses-wrapper').waitFor({ timeout: 10_000 })
    await stages.getByText('200', { exact: true }).first().waitFor()
    await settle(page)

    expect(await page.getByText(/Resolver error/i).count()).toBe(0)
    expect(await page.locator('.errors-wrapper').count()).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  }, 120_000)
})
