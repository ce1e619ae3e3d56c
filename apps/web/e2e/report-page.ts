/**
 * Shared by report.e2e.test.ts and report-checks.e2e.test.ts: the report page of the built app on
 * the server of `setUpServerAndBrowser`, and the API beside it.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { seriousFindings } from './axe'
import { type E2eSetup, watch } from './harness'

/** Helpers bound to one file's server and browser. */
export const reportPage = (e2e: E2eSetup) => {
  const newPage = async () => {
    const ctx = await e2e.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
    const page = await ctx.newPage()
    return { page, problems: watch(page) }
  }
  /**
   * A page load cancels the previous page's GETs still in flight (late chunks such as the idle-loaded
   * probe, the boot matrices): Chromium reports them as ERR_ABORTED. That is this test navigating,
   * not a defect; every other failed request, HTTP error or console error still counts.
   */
  const real = (problems: string[]) => problems.filter((p) => !/^requestfailed: GET \S+ net::ERR_ABORTED$/.test(p))
  const api = async <T>(path: string, penguinId?: string): Promise<T> => {
    const res = await fetch(`${e2e.server.url}/PenguinStats/api/v2${path}`, penguinId ? { headers: { Authorization: `PenguinID ${penguinId}` } } : {})
    expect(res.status, path).toBe(200)
    return (await res.json()) as T
  }
  const openReport = async (page: Page, zoneId: string, stageId: string) => {
    await page.goto(`${e2e.server.url}/report/stage/${zoneId}/${stageId}`, { waitUntil: 'networkidle' })
    await page.waitForFunction(() => !document.querySelector('[data-testid="route-loading"]'), undefined, { timeout: 20_000 })
  }
  /** Clicks the item's tile (left click +1, right click −1). */
  const tile = (page: Page, itemId: string) => page.getByTestId(`stepper-${itemId}`).getByRole('button').first()
  const countOf = async (page: Page, itemId: string) => Number(await page.getByTestId(`stepper-${itemId}`).getAttribute('data-count'))
  const penguinIdOf = async (page: Page) =>
    (JSON.parse((await page.evaluate(() => localStorage.getItem('penguin-stats-auth'))) ?? '{}') as { username?: string | null }).username ?? null

  /** Serious and critical axe findings inside `selector`. */
  const axeViolations = (page: Page, selector: string) => seriousFindings(page, { within: selector })

  return { newPage, real, api, openReport, tile, countOf, penguinIdOf, axeViolations }
}
